import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { menuIndexAfterKey } from './menu-keys';

export type MenuItem = { label: string; onSelect: () => void };
export type MenuGroup = { heading: string; items: MenuItem[] };

/**
 * A button that opens a menu of actions in groups (WAI-ARIA menu button): Enter, Space or the
 * arrows open it on its first (Up: last) item, the arrows, Home and End move, Enter chooses,
 * Escape closes it back to the button, Tab or a click elsewhere closes it.
 */
export function MenuButton({
  label,
  ariaLabel,
  groups,
  className = 'btn btn-outline btn-sm',
  disabled,
}: {
  label: ReactNode;
  ariaLabel?: string;
  groups: MenuGroup[];
  className?: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const items = groups.flatMap((g) => g.items);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function show(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  }

  function onMenuKey(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      return close(true);
    }
    if (e.key === 'Tab') return close(false);
    const next = menuIndexAfterKey(e.key, focusIndex, items.length);
    if (next !== null) {
      e.preventDefault();
      setFocusIndex(next);
    }
  }

  function choose(item: MenuItem) {
    close(true);
    item.onSelect();
  }

  // Each group's first item's place in the menu, for arrow keys across groups.
  const starts = groups.map((_, i) => groups.slice(0, i).reduce((n, g) => n + g.items.length, 0));
  return (
    <div className="relative inline-block" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={className}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="absolute right-0 z-20 mt-1 min-w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
          onKeyDown={onMenuKey}
        >
          {groups.map((group, g) => (
            <div key={group.heading} role="group" aria-label={group.heading} className="flex flex-col py-1">
              <div aria-hidden="true" className="px-3 py-1 text-xs font-semibold uppercase tracking-wide">{group.heading}</div>
              {group.items.map((item, i) => (
                  <button
                    key={item.label}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="btn btn-ghost btn-sm justify-start font-normal"
                    onClick={() => choose(item)}
                    onFocus={() => setFocusIndex(starts[g] + i)}
                  >
                    {item.label}
                  </button>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
