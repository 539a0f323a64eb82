import { graphPrefsKey, readStoredJson, writeStored } from '../../../state/storage.ts';

/**
 * Visibility of the graph's edges (SPEC §2, §4): conditional jumps and trigger edges each toggled,
 * single edges hidden; kept per dialog and resettable.
 */
export interface GraphPrefs {
  showConditionalJumps: boolean;
  showTriggersSource: boolean;
  showTriggersTarget: boolean;
  hiddenEdges: string[];
}

export const DEFAULT_GRAPH_PREFS: GraphPrefs = {
  showConditionalJumps: true,
  showTriggersSource: true,
  showTriggersTarget: true,
  hiddenEdges: [],
};

export type GraphFlag = Exclude<keyof GraphPrefs, 'hiddenEdges'>;
export const GRAPH_FLAGS: readonly GraphFlag[] = [
  'showConditionalJumps',
  'showTriggersSource',
  'showTriggersTarget',
];

/** Reads what was stored, keeping the defaults for anything missing or malformed. */
export function normalizePrefs(raw: unknown): GraphPrefs {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const flag = (k: GraphFlag) =>
    typeof value[k] === 'boolean' ? (value[k] as boolean) : DEFAULT_GRAPH_PREFS[k];
  const hidden = Array.isArray(value.hiddenEdges)
    ? value.hiddenEdges.filter((e): e is string => typeof e === 'string')
    : [];
  return {
    showConditionalJumps: flag('showConditionalJumps'),
    showTriggersSource: flag('showTriggersSource'),
    showTriggersTarget: flag('showTriggersTarget'),
    hiddenEdges: [...new Set(hidden)],
  };
}

export const loadGraphPrefs = (surveyId: string) => normalizePrefs(readStoredJson(graphPrefsKey(surveyId)));

export function saveGraphPrefs(surveyId: string, prefs: GraphPrefs): void {
  const isDefault =
    GRAPH_FLAGS.every((k) => prefs[k] === DEFAULT_GRAPH_PREFS[k]) && prefs.hiddenEdges.length === 0;
  writeStored(graphPrefsKey(surveyId), isDefault ? null : JSON.stringify(prefs));
}

export const hideEdge = (prefs: GraphPrefs, edgeId: string): GraphPrefs =>
  prefs.hiddenEdges.includes(edgeId) ? prefs : { ...prefs, hiddenEdges: [...prefs.hiddenEdges, edgeId] };
