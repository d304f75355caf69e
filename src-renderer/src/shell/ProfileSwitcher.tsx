import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { environmentWords } from './environment-words';
import { useShellStore } from '../stores/shell-store';

/**
 * Switching profile changes whose money is on screen, so it is a menu button: arrow keys only move
 * focus inside the open menu, and a profile is chosen only with Enter or a click (UX rule 3).
 * Focus returns to the button afterwards; the switch itself is announced by the shell.
 */
export function ProfileSwitcher() {
  const profiles = useShellStore((s) => s.profiles);
  const activeId = useShellStore((s) => s.activeId);
  const switching = useShellStore((s) => s.switching);
  const activate = useShellStore((s) => s.activate);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLLIElement | null>>([]);
  const menuId = useId();
  const active = profiles.find((p) => p.id === activeId) ?? null;
  const unavailable = switching || profiles.length === 0;

  useEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  const openMenu = () => {
    setFocusIndex(
      Math.max(
        0,
        profiles.findIndex((p) => p.id === activeId),
      ),
    );
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (id: string) => {
    close();
    void activate(id);
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (unavailable) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu();
    }
  };
  const onMenuKey = (e: KeyboardEvent, index: number, id: string) => {
    const last = profiles.length - 1;
    const move: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (e.key in move) {
      e.preventDefault();
      setFocusIndex(move[e.key]!);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(id);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const label = active ? active.name : profiles.length === 0 ? 'Loading…' : 'Choose a profile';

  return (
    <div
      className="profile-menu"
      onBlur={(e) => {
        // Focus leaving the whole widget (a click elsewhere, Tab) closes the menu without choosing.
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="button profile-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // Not `disabled`: a disabled button drops keyboard focus to the page mid-switch.
        aria-disabled={unavailable}
        onClick={() => {
          if (unavailable) return;
          if (open) setOpen(false);
          else openMenu();
        }}
        onKeyDown={onButtonKey}
        data-testid="profile-switcher"
      >
        <span className="muted">Profile</span>
        <span>{switching ? 'Switching…' : label}</span>
        {active && !switching && (
          <span className="visually-hidden">, {environmentWords(active.environment).spoken}</span>
        )}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label="Profiles"
          className="profile-menu__list"
          data-testid="profile-menu"
        >
          {profiles.map((p, index) => {
            const env = environmentWords(p.environment);
            const checked = p.id === activeId;
            return (
              <li
                key={p.id}
                ref={(el) => {
                  items.current[index] = el;
                }}
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={index === focusIndex ? 0 : -1}
                className="profile-menu__item"
                onClick={() => choose(p.id)}
                onKeyDown={(e) => onMenuKey(e, index, p.id)}
                data-testid={`profile-option-${p.id}`}
              >
                <span className="profile-menu__check" aria-hidden="true">
                  {checked ? '✓' : ''}
                </span>
                <span className="profile-menu__name">{p.name}</span>
                <span className={`env-badge env-badge--compact env-badge--${p.environment}`}>
                  {p.environment === 'live' ? `LIVE · ${env.detail}` : env.detail}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
