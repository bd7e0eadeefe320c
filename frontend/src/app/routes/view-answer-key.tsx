import { PdfViewer } from '@/features/viewer/components/pdf-viewer';
import { answerKeyViewer } from '@/features/viewer/api/viewer-config';

export default function ViewAnswerKeyRoute() {
  return <PdfViewer config={answerKeyViewer} />;
}
