export function Spinner({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 p-6 text-base-content/70" role="status">
      <span className="loading loading-spinner loading-md" />
      <span>{label}</span>
    </div>
  );
}
