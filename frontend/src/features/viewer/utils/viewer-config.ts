import { getAnswerKeySource, getWorksheetSource, type ViewerSource } from '../api/get-viewer-source';
import { answerKeyFileName, pdfFileName } from './filename';

export type ViewerConfig = {
  /** Used in 'Could not load or compile {noun}: {reason}'. */
  noun: string;
  /** The header and tab title for a document title (with its fallback). */
  heading: (title: string) => string;
  fileName: (title: string) => string;
  /** A worksheet whose PDF is downloaded can no longer be edited: its downloads go through the lock. */
  lockable: boolean;
  /** The viewer shows the answer key: its Word and LaTeX downloads are the key's. */
  isKey: boolean;
  load: (worksheetId: string) => Promise<ViewerSource>;
};

export const worksheetViewer: ViewerConfig = {
  noun: 'worksheet',
  heading: (title) => title.trim() || 'Worksheet',
  fileName: (title) => pdfFileName(title, 'worksheet'),
  lockable: true,
  isKey: false,
  load: getWorksheetSource,
};

export const answerKeyViewer: ViewerConfig = {
  noun: 'answer key',
  heading: (title) => (title.trim() ? `${title.trim()} — Answer Key` : 'Answer Key'),
  fileName: answerKeyFileName,
  // Downloading the key does not end editing of the sheet.
  lockable: false,
  isKey: true,
  load: getAnswerKeySource,
};
