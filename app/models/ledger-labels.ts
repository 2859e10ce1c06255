import type { AGEING_BUCKETS, LedgerKind } from "~/lib/ledger";
import type { MessageKey } from "~/locales/namespaces";

// The account's words on its pages and in its Excel statement, in the reader's language. The
// reports' files keep app/lib/ledger.ts's English ageing labels until they are translated.

export const LEDGER_KIND_KEYS: Record<LedgerKind, MessageKey> = {
  OPENING: "dealers:ledger.kind.opening",
  SALE: "dealers:ledger.kind.sale",
  PAYMENT: "dealers:ledger.kind.payment",
  RECOVERY: "dealers:ledger.kind.recovery",
  ADJUSTMENT: "dealers:ledger.kind.adjustment",
  REVERSAL: "dealers:ledger.kind.reversal",
};

export const AGEING_KEYS: Record<(typeof AGEING_BUCKETS)[number], MessageKey> = {
  days0to30: "dealers:ledger.ageing.days0to30",
  days31to60: "dealers:ledger.ageing.days31to60",
  days61to90: "dealers:ledger.ageing.days61to90",
  over90: "dealers:ledger.ageing.over90",
};
