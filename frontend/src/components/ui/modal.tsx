import { useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './focus-trap';

/**
 * A dialog drawn over the page; closes on Escape, the backdrop or the close button. Focus stays
 * inside while it is open and returns to where it was when it closes.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(boxRef, onClose);

  return (
    <div className="modal modal-open" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="modal-box" ref={boxRef} tabIndex={-1}>
        <button type="button" className="btn btn-sm btn-circle btn-ghost absolute right-2 top-2" aria-label="Close" onClick={onClose}>
          ✕
        </button>
        <h2 id={titleId} className="text-xl font-bold mb-4 pr-8">{title}</h2>
        {children}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </div>
  );
}

/** A question with a confirming and a cancelling button; the cancelling one has focus first. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="flex flex-col gap-4">
        <div>{children}</div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" data-autofocus onClick={onCancel}>Cancel</button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>{confirmLabel}</button>
        </div>
      </div>
    </Modal>
  );
}
