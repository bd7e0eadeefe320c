import { useParams } from 'react-router';
import { PdfViewer } from '@/features/viewer/components/pdf-viewer';
import { worksheetViewer } from '@/features/viewer/utils/viewer-config';

export default function ViewWorksheetRoute() {
  const { worksheetId } = useParams();
  // Another worksheet is another screen: nothing carries over (lock state, errors, retries).
  return <PdfViewer key={worksheetId} config={worksheetViewer} />;
}
