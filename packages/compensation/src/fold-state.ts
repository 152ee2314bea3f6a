import type { TCurrency } from '@portal/contracts';
import type { TRankName } from './plan';
import type { TBonusType, TLeg } from './types';

/**
 * The state the ordered fold (fold.ts) reads and changes, for the partners one batch of events
 * touches. The server loads it from its tables before a batch and writes back what the batch
 * marked dirty; the replay audit and the tests keep all of it in memory from an empty start.
 * Everything here changes only in the order of the events, so the same events always leave the
 * same state.
 */

/** A partner's open cap window (compensation-plan.md section 2) and the tariff that opened it. */
export type TFoldWindow = {
  /** The window's name: its row id in the server, or `w:<event id>` for one opened by this fold. */
  readonly key: string;
  readonly userId: string;
  cap: bigint;
  filled: bigint;
  /** The tariff held now (the higher one after an upgrade): its product, code, matching depth and price. */
  productId: string;
  code: string;
  depth: number;
  price: bigint;
  readonly openedAt: Date;
  /** Set when a renewal replaced it. */
  closedAt: Date | null;
};

/** A partner's binary counters (docs/compensation.md "Binary and ranks"). */
export type TFoldLegs = {
  leftUnpaid: bigint;
  rightUnpaid: bigint;
  leftTotal: bigint;
  rightTotal: bigint;
  pairedTotal: bigint;
  /** Personal invitees whose first tariff or device purchase has been folded. */
  invitedBuyers: number;
  active: boolean;
  /** This partner's own first tariff or device purchase counted for their mentor. */
  counted: boolean;
  rank: TRankName | null;
};

/** Lost profit (section 5): pending until `expiresAt`, recovered into a new window, or dropped by a reversal. */
export type TLostEntry = {
  /** The posting that lost it. */
  ref: string;
  userId: string;
  amount: bigint;
  recovered: bigint;
  /** What a reversal of its posting dropped while it was still pending. */
  dropped: bigint;
  createdAt: Date;
  expiresAt: Date;
};

/** USDT a reversal could not take back (section 5a): repaid first from the partner's next bonuses. */
export type TDebtEntry = {
  /** The reversal posting that left it. */
  ref: string;
  userId: string;
  amount: bigint;
  repaid: bigint;
  createdAt: Date;
};

export type TFoldPartner = {
  readonly id: string;
  readonly root: boolean;
  window: TFoldWindow | null;
  legs: TFoldLegs;
  firstTariffAt: Date | null;
  /** Distinct personal invitees who bought a tariff of 500 or more in time for quick start. */
  qsInvitees: number;
  /** This partner's tariff of 500 or more counted for their mentor's quick start. */
  qsCounted: boolean;
  /** Quick start decided (credited or lost): once per partner. */
  qsPaid: boolean;
  /** This partner brought their inviter the Hot Winter gift. */
  winterGiven: boolean;
  /** Open USDT debt, the sum of `debts`' amount - repaid. */
  debt: bigint;
};

/** A posting as later reversals see it: what it was, and how much of it was reversed already. */
export type TPostingRecord = {
  readonly ref: string;
  readonly eventId: string;
  readonly payeeId: string;
  readonly bonusType: TBonusType;
  readonly currency: TCurrency;
  readonly gross: bigint;
  readonly credited: bigint;
  readonly lost: bigint;
  readonly toCompany: boolean;
  /** The window it filled, when it credited a USDT window. */
  readonly windowKey: string | null;
  /** For matching: the posting it matches. */
  readonly sourceRef: string | null;
  readonly leg: TLeg | null;
  readonly level: number | null;
  readonly base: bigint;
  readonly rateBp: number;
  reversedGross: bigint;
  reversedCredited: bigint;
};

/** A folded purchase, as its refund needs it. */
export type TPurchaseRecord = {
  readonly purchaseId: string;
  readonly eventId: string;
  readonly buyerId: string;
  readonly bv: bigint;
  refunded: boolean;
};

export const emptyLegs = (): TFoldLegs => ({
  leftUnpaid: 0n,
  rightUnpaid: 0n,
  leftTotal: 0n,
  rightTotal: 0n,
  pairedTotal: 0n,
  invitedBuyers: 0,
  active: false,
  counted: false,
  rank: null,
});

export const newPartner = (id: string, root = false): TFoldPartner => ({
  id,
  root,
  window: null,
  legs: emptyLegs(),
  firstTariffAt: null,
  qsInvitees: 0,
  qsCounted: false,
  qsPaid: false,
  winterGiven: false,
  debt: 0n,
});

/**
 * A partner's place under their binary parent; `up` is the parent's own step once looked up, and
 * `parent` the parent's partner once touched through it (as long as `generation` is the state's).
 */
type TStep = {
  id: string;
  leg: TLeg;
  up: TStep | null | undefined;
  parent?: TFoldPartner | undefined;
  generation?: number;
};

/** A part of the state the caller did not load: a defect of the caller, never a rule. */
export class NotLoadedError extends Error {
  constructor(what: string) {
    super(`The fold needs ${what}, which was not loaded`);
  }
}

/**
 * The fold's state. With `complete: true` (the replay audit, tests) anything not held is empty: a
 * partner with no window and no volume, nobody's posting. Without it (the server), asking for a
 * partner, a posting or lost profit that was not loaded throws NotLoadedError, so a missing load
 * can never pass for an empty one.
 */
export class FoldState {
  readonly #complete: boolean;
  readonly partners = new Map<string, TFoldPartner>();
  readonly #mentor = new Map<string, string | null>();
  /** Each partner's step up the binary tree (null at the top), kept as one object per partner. */
  readonly #parent = new Map<string, TStep | null>();
  readonly #roots = new Set<string>();
  /** Counts the partners replaced (`addPartner`): a step keeps its parent's partner within one. */
  #generation = 0;
  /**
   * The postings by ref, with three lists of refs: a partner's binary postings, oldest first
   * (loaded for the partners a refund reaches), the matching postings of a posting, and the
   * postings of an event in their order. Only a refund asks for them, so a posting joins them
   * when one is asked for (`#indexed`): a batch of purchases alone, 150 postings an event, never
   * builds them.
   */
  readonly #postings = new Map<string, TPostingRecord>();
  readonly #binaryRefs = new Map<string, string[]>();
  readonly #matchingRefs = new Map<string, string[]>();
  readonly #eventRefs = new Map<string, string[]>();
  /** Postings added since the lists were last brought up to date, in the order they were added. */
  #unindexed: TPostingRecord[] = [];
  readonly purchases = new Map<string, TPurchaseRecord>();
  readonly lost = new Map<string, TLostEntry>();
  /** Pending lost profit of a partner, oldest first (loaded for tariff buyers and reversals). */
  readonly lostOf = new Map<string, string[]>();
  readonly debts = new Map<string, TDebtEntry>();
  readonly debtsOf = new Map<string, string[]>();
  /** Partners holding each rank (the leader pool pays the Diamonds). */
  readonly #ranked = new Map<TRankName, Set<string>>();

  /** What the fold changed, for the writer. */
  readonly dirty = {
    partners: new Set<string>(),
    /** Postings a reversal changed after they were added (a new posting is the writer's already). */
    postings: new Set<string>(),
    lost: new Set<string>(),
    debts: new Set<string>(),
    purchases: new Set<string>(),
    /** Windows opened, grown, filled or closed, by key. */
    windows: new Map<string, TFoldWindow>(),
  };

  constructor(options: { complete?: boolean } = {}) {
    this.#complete = options.complete ?? false;
  }

  // ---- the trees ---------------------------------------------------------------------------------

  /** A partner's place in both trees: their mentor, their binary parent and leg, whether they are the company root. */
  setTree(
    id: string,
    tree: { mentorId: string | null; parent: { id: string; leg: TLeg } | null; root?: boolean },
  ) {
    this.#mentor.set(id, tree.mentorId);
    this.setParent(id, tree.parent);
    if (tree.root) this.#roots.add(id);
  }

  setParent(id: string, parent: { id: string; leg: TLeg } | null): void {
    const step = this.#parent.get(id);
    if (parent === null || !step) {
      this.#parent.set(id, parent && { id: parent.id, leg: parent.leg, up: undefined });
    } else {
      // The same object, changed: a child's step keeps pointing at it.
      step.id = parent.id;
      step.leg = parent.leg;
      step.up = undefined;
      step.parent = undefined;
    }
  }

  setRoot(id: string): void {
    this.#roots.add(id);
  }

  isRoot(id: string): boolean {
    return this.#roots.has(id);
  }

  mentorOf(id: string): string | null {
    const mentor = this.#mentor.get(id);
    if (mentor === undefined) {
      if (this.#complete) return null;
      throw new NotLoadedError(`the mentor of ${id}`);
    }
    return mentor;
  }

  setMentor(id: string, mentorId: string | null): void {
    this.#mentor.set(id, mentorId);
  }

  /** The sponsor upline of `id`: level 1 = their mentor, up to `levels`. */
  upline(id: string, levels: number): string[] {
    const chain: string[] = [];
    for (let next = this.mentorOf(id); next !== null && chain.length < levels; next = this.mentorOf(next))
      chain.push(next);
    return chain;
  }

  /**
   * The binary ancestors of `id`, nearest first, each with the leg `id`'s volume lands on. A walk
   * of thousands for every purchase in a deep leg: each step keeps the step above it once found.
   */
  path(id: string): readonly { readonly id: string; readonly leg: TLeg }[] {
    const path: TStep[] = [];
    for (let step = this.#parentOf(id); step;) {
      path.push(step);
      // Kept only once the parent's place is known (a complete state answers null for one not set yet).
      if (step.up === undefined) {
        const up = this.#parentOf(step.id);
        if (this.#parent.has(step.id)) step.up = up;
        step = up;
      } else step = step.up;
    }
    return path;
  }

  #parentOf(id: string): TStep | null {
    const parent = this.#parent.get(id);
    if (parent === undefined) {
      if (this.#complete) return null;
      throw new NotLoadedError(`the binary parent of ${id}`);
    }
    return parent;
  }

  // ---- partners ----------------------------------------------------------------------------------

  addPartner(partner: TFoldPartner): void {
    this.partners.set(partner.id, partner);
    // A partner replaced: no step keeps the one before.
    this.#generation += 1;
    if (partner.legs.rank) this.#rankSet(partner.legs.rank).add(partner.id);
  }

  partner(id: string): TFoldPartner {
    let partner = this.partners.get(id);
    if (!partner) {
      if (!this.#complete) throw new NotLoadedError(`partner ${id}`);
      partner = newPartner(id, this.#roots.has(id));
      this.partners.set(id, partner);
    }
    return partner;
  }

  /** The partner, marked changed. */
  touch(id: string): TFoldPartner {
    this.dirty.partners.add(id);
    return this.partner(id);
  }

  /**
   * `touch` of the partner a step of `path` leads to, kept on the step: a purchase deep in a leg
   * touches thousands of ancestors, the same ones for every purchase below them.
   */
  touchStep(step: { readonly id: string }): TFoldPartner {
    const kept = step as TStep;
    if (kept.parent === undefined || kept.generation !== this.#generation) {
      kept.parent = this.touch(kept.id);
      kept.generation = this.#generation;
    }
    return kept.parent;
  }

  setRank(id: string, rank: TRankName): void {
    const partner = this.touch(id);
    if (partner.legs.rank) this.#rankSet(partner.legs.rank).delete(id);
    partner.legs.rank = rank;
    this.#rankSet(rank).add(id);
  }

  /** Partners holding `rank`, by id (numeric ids in numeric order). */
  holdersOf(rank: TRankName): string[] {
    return [...this.#rankSet(rank)].sort(byId);
  }

  #rankSet(rank: TRankName): Set<string> {
    let set = this.#ranked.get(rank);
    if (!set) this.#ranked.set(rank, (set = new Set()));
    return set;
  }

  // ---- postings ----------------------------------------------------------------------------------

  addPosting(record: TPostingRecord): void {
    this.#unindexed.push(record);
  }

  /** Every posting held, by ref. */
  get postings(): ReadonlyMap<string, TPostingRecord> {
    return this.#indexed();
  }

  posting(ref: string): TPostingRecord {
    const record = this.#indexed().get(ref);
    if (!record) throw new NotLoadedError(`posting ${ref}`);
    return record;
  }

  /** A partner's binary postings, oldest first. */
  binaryPostingsOf(id: string): TPostingRecord[] {
    this.#indexed();
    const refs = this.#binaryRefs.get(id);
    if (!refs && !this.#complete) throw new NotLoadedError(`the binary postings of ${id}`);
    return (refs ?? []).map((ref) => this.posting(ref));
  }

  markBinaryLoaded(id: string): void {
    this.#indexed();
    if (!this.#binaryRefs.has(id)) this.#binaryRefs.set(id, []);
  }

  matchingOf(ref: string): TPostingRecord[] {
    this.#indexed();
    return (this.#matchingRefs.get(ref) ?? []).map((item) => this.posting(item));
  }

  postingsOfEvent(eventId: string): TPostingRecord[] {
    this.#indexed();
    return (this.#eventRefs.get(eventId) ?? []).map((ref) => this.posting(ref));
  }

  /** The postings by ref, every posting added so far in the lists, in the order it was added. */
  #indexed(): Map<string, TPostingRecord> {
    for (const record of this.#unindexed) {
      this.#postings.set(record.ref, record);
      push(this.#eventRefs, record.eventId, record.ref);
      // A partner's list exists once loaded (markBinaryLoaded): a new posting never makes a partial one.
      if (record.bonusType === 'binary' && (this.#complete || this.#binaryRefs.has(record.payeeId)))
        push(this.#binaryRefs, record.payeeId, record.ref);
      if (record.sourceRef) push(this.#matchingRefs, record.sourceRef, record.ref);
    }
    this.#unindexed = [];
    return this.#postings;
  }

  reversed(record: TPostingRecord): void {
    this.dirty.postings.add(record.ref);
  }

  addPurchase(record: TPurchaseRecord, options: { isNew?: boolean } = {}): void {
    this.purchases.set(record.purchaseId, record);
    if (options.isNew) this.dirty.purchases.add(record.purchaseId);
  }

  purchase(purchaseId: string): TPurchaseRecord | undefined {
    return this.purchases.get(purchaseId);
  }

  /** A window the fold opened, changed or closed: the writer saves it. */
  changedWindow(window: TFoldWindow): void {
    this.dirty.windows.set(window.key, window);
  }

  // ---- lost profit and debts ---------------------------------------------------------------------

  addLost(entry: TLostEntry, options: { isNew?: boolean } = {}): void {
    this.lost.set(entry.ref, entry);
    // A partner's list exists once loaded whole (markLostLoaded): one entry never makes a partial one.
    if (this.#complete || this.lostOf.has(entry.userId)) push(this.lostOf, entry.userId, entry.ref);
    if (options.isNew) this.dirty.lost.add(entry.ref);
  }

  markLostLoaded(userId: string): void {
    if (!this.lostOf.has(userId)) this.lostOf.set(userId, []);
  }

  /** A partner's lost profit entries, oldest first. */
  lostEntriesOf(userId: string): TLostEntry[] {
    const refs = this.lostOf.get(userId);
    if (!refs && !this.#complete) throw new NotLoadedError(`the lost profit of ${userId}`);
    return (refs ?? []).map((ref) => this.lost.get(ref)!);
  }

  lostOfPosting(ref: string): TLostEntry | undefined {
    return this.lost.get(ref);
  }

  changedLost(entry: TLostEntry): void {
    this.dirty.lost.add(entry.ref);
  }

  addDebt(entry: TDebtEntry, options: { isNew?: boolean } = {}): void {
    this.debts.set(entry.ref, entry);
    push(this.debtsOf, entry.userId, entry.ref);
    if (options.isNew) this.dirty.debts.add(entry.ref);
  }

  /** A partner's open debts, oldest first (loaded for every partner whose `debt` is above 0). */
  openDebtsOf(userId: string): TDebtEntry[] {
    return (this.debtsOf.get(userId) ?? [])
      .map((ref) => this.debts.get(ref)!)
      .filter((debt) => debt.repaid < debt.amount);
  }

  changedDebt(entry: TDebtEntry): void {
    this.dirty.debts.add(entry.ref);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Ids in numeric order when both are numbers, else as text. */
export function byId(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return a < b ? -1 : a > b ? 1 : 0;
}
