import type { ColumnType, Generated } from 'kysely';
import type { Id, Ms } from './columns.ts';

/** Training of free-text routing and a block's GPT exit conditions. */

export interface TrainingExamplesTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  branch: string;
  text: string;
  source: string;
  created_at: Ms;
}

export interface TrainingModelsTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  version: number;
  status: 'training' | 'done' | 'failed';
  model: string;
  metrics: string;
  created_at: Ms;
  /** 0..1 while training, written by the process that runs it (0020). */
  progress: Generated<number>;
  /** When that process last said it is alive; null in rows from before 0020. */
  heartbeat_at: Ms | null;
}

export interface TrainingInboxTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  answer_id: number | null;
  text: string;
  branch: string | null;
  confidence: number | null;
  flagged: ColumnType<number, number | undefined, number>;
  resolved_at: Ms | null;
  created_at: Ms;
}

/** The confidence threshold of a free-text block's routing, when the author set one. */
export interface TrainingThresholdsTable {
  survey_id: number;
  unique_question_id: string;
  threshold: number;
  updated_at: Ms;
}

export interface GptExitConditionsTable {
  id: Id;
  survey_id: number;
  unique_question_id: string;
  condition: string;
  created_at: Ms;
  updated_at: Ms;
}
