import { useEffect, useState } from 'react';
import { thumbnailUrl } from '../api/thumbnails';

/** The worksheet's first page, small; a plain sheet shape while it loads or when it cannot be drawn. */
export function Thumbnail({ worksheetId, className = '' }: { worksheetId: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let shown = true;
    thumbnailUrl(worksheetId).then(
      (url) => shown && setSrc(url),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [worksheetId]);
  return (
    <div
      className={`aspect-[8.5/11] bg-base-100 border border-base-300 rounded overflow-hidden shrink-0 ${className}`}
      data-testid="thumbnail"
      aria-hidden="true"
    >
      {src && <img src={src} alt="" className="w-full h-full object-cover object-top" />}
    </div>
  );
}
