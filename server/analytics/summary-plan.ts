/**
 * How the summary's work is split into passes that run at the same time (one per read worker): the
 * overall figures (headline, per day, left, on the sessions), and per block the count of sessions it
 * was shown to (its bot messages) and its answers with the median time to answer. Each item goes to the
 * pass with the least work so far, largest first, so the passes end at about the same time.
 */
export interface SummaryPass<B> {
  /** Blocks whose shown-to count this pass reads. */
  reached: B[];
  /** Blocks whose answers and median time this pass reads. */
  stats: B[];
  /** Whether this pass reads the overall figures. */
  overall: boolean;
}

/**
 * Relative costs, measured per block of bench/analytics.ts (100,000 respondents) on SQLite by the CPU
 * time of each read alone: reading a block's bot messages is the unit; a choice block's answers cost
 * about as much, a multiple choice block's three and a half times (several rows per respondent), sums
 * of scores and numbers about twice, a free text's answers with their follow-ups and branches 2.7, a
 * date block's count per month (a sort) almost seven times; the walk to the median time a fifth of a
 * unit; the overall figures (headline, median duration, per day, left) about six units.
 */
const REACHED_COST = 1;
const MEDIAN_COST = 0.2;
const OVERALL_COST = 6;
const DEFAULT_ANSWERS_COST = 1.2;
const ANSWERS_COST: Readonly<Record<string, number>> = {
  multiple_choice: 3.5,
  likert: 2.1,
  number: 2.1,
  open_text: 2.7,
  date: 6.8,
};

export function summaryPasses<B>(
  blocks: readonly B[],
  typeOf: (block: B) => string,
  takesInput: (block: B) => boolean,
  count = 2,
): SummaryPass<B>[] {
  type Item = { cost: number; add: (pass: SummaryPass<B>) => void };
  const items: Item[] = [
    {
      cost: OVERALL_COST,
      add: (p) => {
        p.overall = true;
      },
    },
  ];
  for (const block of blocks) {
    items.push({ cost: REACHED_COST, add: (p) => p.reached.push(block) });
    if (takesInput(block)) {
      const cost = (ANSWERS_COST[typeOf(block)] ?? DEFAULT_ANSWERS_COST) + MEDIAN_COST;
      items.push({ cost, add: (p) => p.stats.push(block) });
    }
  }
  const passes = Array.from({ length: Math.max(1, count) }, () => ({
    pass: { reached: [], stats: [], overall: false } as SummaryPass<B>,
    cost: 0,
  }));
  // A stable sort: equal costs keep the dialog's order.
  for (const item of [...items].sort((a, b) => b.cost - a.cost)) {
    const lightest = passes.reduce((min, p) => (p.cost < min.cost ? p : min));
    item.add(lightest.pass);
    lightest.cost += item.cost;
  }
  return passes.map((p) => p.pass).filter((p) => p.overall || p.reached.length > 0 || p.stats.length > 0);
}
