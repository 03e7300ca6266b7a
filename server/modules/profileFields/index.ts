import type { ServerModule } from '../module';
import { profileFieldRoutes } from './routes';

export const profileFieldsModule: ServerModule = {
  name: 'profileFields',
  routes: profileFieldRoutes,
  tags: {
    'profile fields': 'The tenant’s own fields on a person’s profile',
  },
  constraints: {
    profile_fields_short_name_uq: ['short_name', 'A profile field with this short name already exists'],
  },
};
