import Type, { type Static } from 'typebox';
import { Page } from './common';

/** What a person can be told of (issue 29). */
export const NOTIFICATION_EVENTS = ['task.urgent', 'task.new', 'task.sent_back'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** How: in the app (the bell and its list), by e-mail. */
export const NOTIFICATION_CHANNELS = ['app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const Event = Type.Unsafe<NotificationEvent>(Type.Union(NOTIFICATION_EVENTS.map((e) => Type.Literal(e))));
const Channel = Type.Unsafe<NotificationChannel>(
  Type.Union(NOTIFICATION_CHANNELS.map((c) => Type.Literal(c))),
);

export const Notification = Type.Object({
  id: Type.Integer(),
  event: Event,
  task_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The store's task it is about: the link opens it in My Tasks. */
  assignment_id: Type.Union([Type.Integer(), Type.Null()]),
  task_title: Type.String(),
  store_name: Type.String(),
  /** Why the submission was sent back (`task.sent_back`). */
  reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ description: 'ISO-8601 instant in UTC' }),
  read: Type.Boolean(),
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object({
  page: Page,
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  /** Only the unread ones. */
  unread: Type.Optional(Type.Boolean()),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationPage = Type.Object({
  data: Type.Array(Notification),
  total: Type.Integer(),
  /** Unread in all, whatever the page: the bell's figure. */
  unread: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});
export type NotificationPage = Static<typeof NotificationPage>;

export const NotificationCount = Type.Object({ unread: Type.Integer() });
export type NotificationCount = Static<typeof NotificationCount>;

/** `{ids}` marks those read; `{all: true}` every one. */
export const NotificationReadBody = Type.Union([
  Type.Object({
    ids: Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
      minItems: 1,
      maxItems: 500,
    }),
  }),
  Type.Object({ all: Type.Literal(true) }),
]);
export type NotificationReadBody = Static<typeof NotificationReadBody>;

export const NotificationReadResult = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });
export type NotificationReadResult = Static<typeof NotificationReadResult>;

export const NotificationPreference = Type.Object({
  event: Event,
  channel: Channel,
  enabled: Type.Boolean(),
});
export type NotificationPreference = Static<typeof NotificationPreference>;

/** Every event on every channel, the person's choice or else the default. */
export const NotificationPreferences = Type.Object({ data: Type.Array(NotificationPreference) });
export type NotificationPreferences = Static<typeof NotificationPreferences>;

export const NotificationPreferencesBody = Type.Object({
  data: Type.Array(NotificationPreference, { minItems: 1, maxItems: 50 }),
});
export type NotificationPreferencesBody = Static<typeof NotificationPreferencesBody>;
