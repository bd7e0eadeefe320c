import { PdfViewer } from '@/features/viewer/components/pdf-viewer';
import { worksheetViewer } from '@/features/viewer/api/viewer-config';

export default function ViewWorksheetRoute() {
  return <PdfViewer config={worksheetViewer} />;
}
