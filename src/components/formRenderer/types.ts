import type { ReactNode } from 'react';
import type { Answer, Question } from '../../../contract/forms';

/** Uploads a photo or a signature image and answers the stored file's hash. */
export type Upload = (file: File) => Promise<string>;

/** What every question's input receives. */
export interface AnswerInputProps {
  question: Question;
  answer: Answer | undefined;
  onAnswer: (answer: Answer) => void;
  /** The id of the question's prompt, which labels its input. */
  labelId: string;
  readOnly: boolean;
  error: boolean;
  upload?: Upload;
}

/** A note shown beside a question's prompt (the runner's saving state). */
export type QuestionAside = (questionId: string) => ReactNode;
