import { useThumbnail } from '../api/thumbnails';

/** The worksheet's first page, small; a plain sheet shape while it loads or when it cannot be drawn. */
export function Thumbnail({ worksheetId, picture, className = '' }: { worksheetId: string; picture?: string; className?: string }) {
  const { data: src } = useThumbnail(worksheetId, picture);
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
