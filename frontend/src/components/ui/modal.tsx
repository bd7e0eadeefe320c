import { useEffect, type ReactNode } from 'react';

/** A dialog drawn over the page; closes on Escape, the backdrop or the close button. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal modal-open" role="dialog" aria-modal="true" aria-label={title}>
      <div className="modal-box">
        <button type="button" className="btn btn-sm btn-circle btn-ghost absolute right-2 top-2" aria-label="Close" onClick={onClose}>
          ✕
        </button>
        <h2 className="text-xl font-bold mb-4">{title}</h2>
        {children}
      </div>
      <div className="modal-backdrop" onClick={onClose} />
    </div>
  );
}
