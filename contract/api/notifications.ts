import Type, { type Static } from 'typebox';
import { Paging } from './common';

/** What a person can be told of (issue 29). */
export const NOTIFICATION_EVENTS = [
  'task.urgent',
  'task.new',
  'task.sent_back',
  'review.waiting',
  'task.escalated',
  'digest.daily',
  'inspection.completed',
  'action.assigned',
  'action.resolved',
  'action.escalated',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** How: in the app (the bell and its list), by e-mail, by web push to the person's devices. */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'push'] as const;
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
  /** The finished inspection it tells of (`inspection.completed`): the link opens its report. */
  inspection_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** The action it tells of (`action.*`, issue 49): the link opens it; its title is `task_title`. */
  action_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  task_title: Type.String(),
  store_name: Type.String(),
  /** Why the submission was sent back (`task.sent_back`). */
  reason: Type.Union([Type.String(), Type.Null()]),
  /**
   * The figures of a digest: submissions waiting (`review.waiting`); due today and missed
   * yesterday (`digest.daily`); for `task.escalated`, how many hours past due it was.
   */
  counts: Type.Union([
    Type.Object({
      waiting: Type.Optional(Type.Integer()),
      due_today: Type.Optional(Type.Integer()),
      missed: Type.Optional(Type.Integer()),
      hours_late: Type.Optional(Type.Integer()),
    }),
    Type.Null(),
  ]),
  created_at: Type.String({ description: 'ISO-8601 instant in UTC' }),
  read: Type.Boolean(),
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object({
  ...Paging(100, 20),
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

/** The server's VAPID public key (base64url), the `applicationServerKey` of pushManager.subscribe. */
export const PushKey = Type.Object({ public_key: Type.String() });
export type PushKey = Static<typeof PushKey>;

const PushEndpoint = Type.String({
  minLength: 12,
  maxLength: 2000,
  description: 'The push service URL the browser gave (PushSubscription.endpoint)',
});

/** A browser's PushSubscription as its toJSON() gives it. */
export const PushSubscribeBody = Type.Object({
  endpoint: PushEndpoint,
  keys: Type.Object({
    p256dh: Type.String({ minLength: 80, maxLength: 100, pattern: '^[A-Za-z0-9_-]+=*$' }),
    auth: Type.String({ minLength: 16, maxLength: 32, pattern: '^[A-Za-z0-9_-]+=*$' }),
  }),
});
export type PushSubscribeBody = Static<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = Type.Object({ endpoint: PushEndpoint });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

export const PushSubscribeResult = Type.Object({ subscribed: Type.Boolean() });
export type PushSubscribeResult = Static<typeof PushSubscribeResult>;

/** What a push carries to the service worker (src/sw/push.ts): a notice in words, and its link. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app, e.g. /task?assignment=12. */
  link: string;
  tag: string;
}

/** The tenant's escalation delays: urgent work not done this long after due goes to the reviewers, then one level up. */
export const EscalationDelays = Type.Object({
  first_hours: Type.Integer({ minimum: 1, maximum: 720 }),
  second_hours: Type.Integer({ minimum: 1, maximum: 720 }),
  /** How long an action may stay unresolved past its due date before the level above its store is told (issue 49). */
  action_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
});
export type EscalationDelays = Static<typeof EscalationDelays>;
