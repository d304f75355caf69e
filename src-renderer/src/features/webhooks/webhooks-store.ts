import { create } from 'zustand';
import type { WebhookDelivery, WebhookImportResult, WebhookReceiverStatus } from '@contract';
import { announce } from '../../components/announcer';
import { callMerchant, subscribe, type ErrorInfo } from '../../lib/ipc';
import { useShellStore } from '../../stores/shell-store';
import { deliveryHeadline } from './delivery-words';

const ARRIVAL_WAIT_MS = 3_000;
const wait = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ErrorInfo };

/** The Sandbox round trip: what the Sandbox said it sent, and the delivery the desk got back. */
export interface RoundTrip {
  message: string;
  delivery: WebhookDelivery | null;
}

export interface WebhooksState {
  /** Whose deliveries are shown: each profile sees its own, and a switch clears the results. */
  profileId: string | null;
  deliveries: WebhookDelivery[] | null;
  listError: ErrorInfo | null;
  loading: boolean;
  /** Deliveries that arrived while the list was on screen: added when the person chooses. */
  incoming: WebhookDelivery[];
  pasting: boolean;
  pasted: Outcome<WebhookDelivery> | null;
  importing: boolean;
  progress: { done: number; total: number } | null;
  imported: Outcome<WebhookImportResult> | null;
  receiver: WebhookReceiverStatus | null;
  receiverBusy: boolean;
  receiverError: ErrorInfo | null;
  testing: boolean;
  roundTrip: Outcome<RoundTrip> | null;
  load: (profileId?: string | null) => Promise<void>;
  showIncoming: () => void;
  paste: (rawBody: string, signature: string) => Promise<void>;
  /** The form refused a new paste: the last one's result is no longer the one to show (issue 25). */
  clearPasted: () => void;
  importFile: (content: string) => Promise<void>;
  loadReceiver: () => Promise<void>;
  setReceiver: (enabled: boolean, port: number) => Promise<void>;
  sendTest: () => Promise<void>;
  /** Push events for this screen; returns the unsubscribe. */
  listen: () => () => void;
}

/** Deliveries the person caused go on top at once; the list keeps each delivery once. */
const withFirst = (list: WebhookDelivery[] | null, added: WebhookDelivery[]) => {
  const ids = new Set(added.map((d) => d.id));
  return [...added, ...(list ?? []).filter((d) => !ids.has(d.id))];
};

const RESULTS = { pasted: null, imported: null, roundTrip: null, incoming: [], deliveries: null };

export const useWebhooksStore = create<WebhooksState>()((set, get) => ({
  profileId: null,
  deliveries: null,
  listError: null,
  loading: false,
  incoming: [],
  pasting: false,
  pasted: null,
  importing: false,
  progress: null,
  imported: null,
  receiver: null,
  receiverBusy: false,
  receiverError: null,
  testing: false,
  roundTrip: null,

  load: async (profileId = get().profileId) => {
    if (profileId !== get().profileId) set({ ...RESULTS, profileId, listError: null });
    set({ loading: true });
    const result = await callMerchant((api) => api.webhooks.list());
    // A switch while this was on its way: the newer load answers for the new profile.
    if (get().profileId !== profileId) return;
    set(
      result.ok
        ? { loading: false, deliveries: result.data.deliveries, listError: null, incoming: [] }
        : { loading: false, listError: result.error },
    );
  },

  showIncoming: () => set((s) => ({ deliveries: withFirst(s.deliveries, s.incoming), incoming: [] })),

  clearPasted: () => set({ pasted: null }),

  paste: async (rawBody, signature) => {
    if (get().pasting) return;
    set({ pasting: true, pasted: null });
    const result = await callMerchant((api) =>
      api.webhooks.import({ kind: 'single', rawBody, signature: signature.trim() }),
    );
    const delivery = result.ok ? result.data.deliveries[0] : undefined;
    if (!result.ok) set({ pasting: false, pasted: result });
    else if (delivery) {
      set((s) => ({
        pasting: false,
        pasted: { ok: true, data: delivery },
        deliveries: withFirst(s.deliveries, [delivery]),
      }));
      announce(deliveryHeadline(delivery));
    }
  },

  importFile: async (content) => {
    if (get().importing) return;
    set({ importing: true, imported: null, progress: null });
    const result = await callMerchant((api) => api.webhooks.import({ kind: 'jsonl', content }));
    set({ importing: false, imported: result, progress: null });
    if (result.ok) {
      void get().load();
      const c = result.data.counts;
      if (c) announce(`Import finished: ${c.read} read, ${c.applied} applied, ${c.rejected} rejected.`);
    }
  },

  loadReceiver: async () => {
    const result = await callMerchant((api) => api.webhooks.receiverStatus());
    set(result.ok ? { receiver: result.data, receiverError: null } : { receiverError: result.error });
  },

  setReceiver: async (enabled, port) => {
    if (get().receiverBusy) return;
    set({ receiverBusy: true, receiverError: null });
    const result = await callMerchant((api) => api.webhooks.receiver({ enabled, port }));
    set(
      result.ok
        ? { receiverBusy: false, receiver: result.data }
        : { receiverBusy: false, receiverError: result.error },
    );
    if (result.ok) announce(result.data.enabled ? `Receiving on ${result.data.url}` : 'Receiver turned off.');
  },

  sendTest: async () => {
    if (get().testing) return;
    set({ testing: true, roundTrip: null });
    const since = Date.now();
    let stop = () => {};
    // main answers once the Sandbox handed its deliveries over; the event can still be on its way.
    const arrival = new Promise<WebhookDelivery | null>((resolve) => {
      stop = subscribe('webhook:received', (d) => {
        if (d.event === 'test.webhook' && Date.parse(d.receivedAt) >= since - 5_000) resolve(d);
      });
    });
    const result = await callMerchant((api) => api.sandbox.act({ action: 'send-test-webhook' }));
    const found = result.ok ? await Promise.race([arrival, wait(ARRIVAL_WAIT_MS)]) : null;
    stop();
    set((s) => ({
      testing: false,
      roundTrip: result.ok
        ? { ok: true, data: { message: result.data.message, delivery: found } }
        : { ok: false, error: result.error },
      deliveries: found ? withFirst(s.deliveries, [found]) : s.deliveries,
      incoming: found ? s.incoming.filter((d) => d.id !== found.id) : s.incoming,
    }));
    if (result.ok)
      announce(found ? `Test webhook came back: ${deliveryHeadline(found)}` : result.data.message);
  },

  listen: () => {
    const stops = [
      subscribe('webhook:received', (delivery) => {
        const s = get();
        // Another profile's delivery (a Sandbox withdrawal settling while a live profile is open).
        if (delivery.profileId && delivery.profileId !== useShellStore.getState().activeId) return;
        if (s.deliveries?.some((d) => d.id === delivery.id) || s.incoming.some((d) => d.id === delivery.id))
          return;
        set({ incoming: [delivery, ...s.incoming] });
        if (get().receiver?.enabled) void get().loadReceiver();
      }),
      subscribe('webhooks:import-progress', (progress) => {
        if (get().importing) set({ progress });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  },
}));
