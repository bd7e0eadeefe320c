import { useParams } from 'react-router';
import { PdfViewer } from '@/features/viewer/components/pdf-viewer';
import { answerKeyViewer } from '@/features/viewer/utils/viewer-config';

export default function ViewAnswerKeyRoute() {
  const { worksheetId } = useParams();
  // Another worksheet is another screen: nothing carries over (lock state, errors, retries).
  return <PdfViewer key={worksheetId} config={answerKeyViewer} />;
}
