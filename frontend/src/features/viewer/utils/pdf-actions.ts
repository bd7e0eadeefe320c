// What the viewer does with a downloaded PDF: save it, print it, word a failure.

/** 'Could not download PDF: {reason}.' without a doubled full stop. */
export function downloadErrorMessage(reason: string): string {
  return `Could not download PDF: ${reason.replace(/\.+$/, '')}.`;
}

// Saving is shared with the dashboard's exports.
export { saveBlob } from '@/lib/save-blob';

/** Opens the browser's print dialog for a PDF, from a hidden frame. */
export function printBlob(blob: Blob): void {
  const objectUrl = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.title = 'PDF for printing';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:1px;height:1px;left:-9999px;border:0';
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(objectUrl, '_blank', 'noopener');
    }
  };
  frame.src = objectUrl;
  document.body.appendChild(frame);
  window.setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(objectUrl);
  }, 60_000);
}
