import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { USER_SEARCH_KEYS } from '../../../contract/api/users';
import { messageChoices } from '../../i18n/choices';

const SEARCH_KEY_CHOICES = USER_SEARCH_KEYS.map((key) => ({
  id: key,
  name: `users.search_keys.${key}`,
}));
const STATUS_CHOICES = messageChoices('users.status', ['active', 'disabled']);

/** Spec §7 `value`: free text, except for the status, which has two answers to pick from. */
function SearchValueInput(props: { source: string; alwaysOn?: boolean }) {
  const key = useWatch({ name: 'key' });
  const translate = useTranslate();
  if (key === 'status')
    return (
      <SelectInput {...props} label="users.fields.status" choices={STATUS_CHOICES} sx={{ minWidth: 180 }} />
    );
  return <SearchInput {...props} placeholder={translate('users.search')} />;
}

/** Spec §7 `key` and `value` of GET /api/user/list: which field to search, and for what. */
export const userFilters = [
  <SelectInput
    key="key"
    source="key"
    label="users.search_in"
    choices={SEARCH_KEY_CHOICES}
    alwaysOn
    emptyText="users.search_keys.name"
    emptyValue=""
  />,
  <SearchValueInput key="value" source="value" alwaysOn />,
];
