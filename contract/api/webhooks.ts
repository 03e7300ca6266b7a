import Type, { type Static } from 'typebox';
import { Id, Literals } from './common';

/**
 * What a webhook subscription can be told of (issue 46), grouped as the settings screen shows them.
 * One list: the server's emitters, the API's schemas, the screen and the README read it.
 */
export const WEBHOOK_EVENT_GROUPS = {
  task: ['task.published', 'task.archived', 'task.overdue', 'task.expired'],
  completion: ['completion.submitted', 'completion.approved', 'completion.sent_back', 'completion.cant_do'],
  person: ['person.created', 'person.updated', 'person.disabled', 'person.enabled'],
  store: ['store.opened', 'store.closed'],
  import: ['import.finished'],
} as const;

export type WebhookEventGroup = keyof typeof WEBHOOK_EVENT_GROUPS;
export type WebhookEvent = (typeof WEBHOOK_EVENT_GROUPS)[WebhookEventGroup][number];

export const WEBHOOK_EVENTS = Object.values(WEBHOOK_EVENT_GROUPS).flat() as WebhookEvent[];

/**
 * The `data` of each event: ids and the few fields a receiver needs, never whole rows. Stable:
 * fields may be added, none renamed or removed. Instants are ISO-8601 UTC. `store_id` is always the
 * store's node in the organisation tree (the id the hierarchy API and My Tasks use).
 */
export interface WebhookEventData {
  'task.published': { task_id: number; title: string; assignments: number; published_by: number };
  'task.archived': { task_id: number; title: string; cancelled: number; archived_by: number };
  /** A store's occurrence of a task passed its due time undone (told within 15 minutes). */
  'task.overdue': { task_id: number; assignment_id: number; store_id: number; due_at: string };
  /** A store's occurrence of a task passed its expiry undone and can no longer be completed. */
  'task.expired': { task_id: number; assignment_id: number; store_id: number; expired_at: string };
  /** `status` is `submitted` when the task needs approval, else `done`. */
  'completion.submitted': CompletionData & { status: 'submitted' | 'done' };
  'completion.approved': CompletionData & { reviewed_by: number };
  'completion.sent_back': CompletionData & { reviewed_by: number; reason: string };
  'completion.cant_do': CompletionData & { reason: string };
  'person.created': PersonData;
  'person.updated': PersonData;
  'person.disabled': PersonData;
  'person.enabled': PersonData;
  /** A store made active (created active, or activated). */
  'store.opened': StoreData;
  'store.closed': StoreData;
  'import.finished': {
    run_id: number;
    kind: 'user' | 'workspace';
    state: 'imported' | 'failed';
    created: number;
    updated: number;
    unchanged: number;
    failed: number;
  };
}

export interface CompletionData {
  submission_id: number;
  assignment_id: number;
  task_id: number;
  store_id: number;
  attempt: number;
  /** Who sent it (the person's id). */
  submitted_by: number;
}

export interface PersonData {
  user_id: number;
  email: string;
  firstname: string;
  lastname: string;
  enabled: boolean;
}

export interface StoreData {
  store_id: number;
  /** The id the workspace API (`/api/workspace/get?id=`) knows the store by. */
  workspace_id: number;
  name: string;
}

/** What every delivery POSTs: `Storeline-Event` and `Storeline-Delivery` name the event and the delivery. */
export interface WebhookPayload<E extends WebhookEvent = WebhookEvent> {
  /** The event's id, the same in every delivery and redelivery of it. */
  id: string;
  event: E;
  created_at: string;
  /** The tenant's identifier (its slug). */
  tenant: string;
  data: WebhookEventData[E];
}

export const WEBHOOK_SIGNATURE_HEADER = 'Storeline-Signature';
export const WEBHOOK_EVENT_HEADER = 'Storeline-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Storeline-Delivery';
export const WEBHOOK_MAX_SUBSCRIPTIONS = 20;

const Event = Type.Unsafe<WebhookEvent>(Literals(...(WEBHOOK_EVENTS as [WebhookEvent, ...WebhookEvent[]])));
const Url = Type.String({ minLength: 1, maxLength: 2000 });
const Events = Type.Array(Event, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true });
const Instant = Type.String({ description: 'ISO-8601 instant in UTC' });
const MaybeInstant = Type.Union([Instant, Type.Null()]);

export const Webhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Event),
  /** Switched on by its administrators; a paused subscription is off until switched on again. */
  enabled: Type.Boolean(),
  /** Set when deliveries kept failing for days and the subscription was switched off for that. */
  paused_at: MaybeInstant,
  last_success_at: MaybeInstant,
  /** The first failure since the last success; null while it succeeds. */
  failing_since: MaybeInstant,
  created_at: Instant,
});
export type Webhook = Static<typeof Webhook>;

export const WebhookList = Type.Object({ data: Type.Array(Webhook) });
export type WebhookList = Static<typeof WebhookList>;

export const WebhookCreateBody = Type.Object({ url: Url, events: Events });
export type WebhookCreateBody = Static<typeof WebhookCreateBody>;

/** The new subscription and its signing secret, which is shown this once. */
export const WebhookCreated = Type.Object({ ...Webhook.properties, secret: Type.String() });
export type WebhookCreated = Static<typeof WebhookCreated>;

export const WebhookUpdateBody = Type.Object({
  id: Id,
  url: Type.Optional(Url),
  events: Type.Optional(Events),
  enabled: Type.Optional(Type.Boolean()),
});
export type WebhookUpdateBody = Static<typeof WebhookUpdateBody>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  event: Event,
  /** The event's id (the payload's `id`). */
  event_id: Type.String(),
  status: Literals(...WEBHOOK_DELIVERY_STATUSES),
  created_at: Instant,
  attempts: Type.Integer(),
  last_attempt_at: MaybeInstant,
  /** The receiver's HTTP status at the last attempt; null when none came (refused, timed out). */
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  /** Why the last attempt failed, in words. */
  error: Type.Union([Type.String(), Type.Null()]),
  next_attempt_at: MaybeInstant,
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** A delivery's id: a bigint column, so bounded by what a JSON number carries exactly. */
const DeliveryId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const WebhookDeliveriesQuery = Type.Object({
  id: Id,
  /** Deliveries older than this id (the next page of the log, newest first). */
  before: Type.Optional(DeliveryId),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuery>;

export const WebhookDeliveryList = Type.Object({ data: Type.Array(WebhookDelivery) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

export const WebhookRedeliverBody = Type.Object({ delivery_id: DeliveryId });
export type WebhookRedeliverBody = Static<typeof WebhookRedeliverBody>;
