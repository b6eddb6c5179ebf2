import { type KeyboardEvent, type ReactNode, useState } from 'react';

export interface ToolbarItem {
  id: string;
  /** The accessible name, e.g. "Bold". */
  label: string;
  /** What is drawn on the button; hidden from assistive technology. */
  glyph: ReactNode;
  /** The letter used with Ctrl (Cmd on a Mac), e.g. "B". */
  shortcut?: string;
  /** Set on toggle buttons only: whether the style is on at the caret. */
  pressed?: boolean;
  /** Set on buttons that open a panel: whether it is open. */
  expanded?: boolean;
  controls?: string;
  disabled?: boolean;
}

export interface ToolbarProps {
  label: string;
  /** Id of the editable area the toolbar acts on. */
  controls?: string;
  groups: ToolbarItem[][];
  /** Called with the pressed item's id. */
  onPress(id: string): void;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * The WAI-ARIA toolbar pattern: one Tab stop, arrow keys (and Home/End) move between
 * buttons. Buttons stay focusable when unavailable (aria-disabled) so the arrow keys never
 * skip over them unannounced.
 */
export function Toolbar({ label, controls, groups, onPress }: ToolbarProps) {
  const items = groups.flat();
  const [activeId, setActiveId] = useState(items[0]?.id);
  const mac = isMac();

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-toolbar-item]'),
    );
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % buttons.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + buttons.length) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons[target].focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="vt-rte__toolbar"
      onKeyDown={handleKeyDown}
    >
      {groups.map((group) => (
        <div key={group[0]?.id} className="vt-rte__group">
          {group.map((item) => {
            const keys = item.shortcut && `${mac ? 'Meta' : 'Control'}+${item.shortcut}`;
            const hint = item.shortcut && `${mac ? '⌘' : 'Ctrl+'}${item.shortcut}`;
            return (
              <button
                key={item.id}
                type="button"
                data-toolbar-item
                className="vt-rte__button"
                tabIndex={item.id === activeId ? 0 : -1}
                aria-label={item.label}
                aria-pressed={item.pressed}
                aria-expanded={item.expanded}
                aria-controls={item.expanded ? item.controls : undefined}
                aria-keyshortcuts={keys || undefined}
                aria-disabled={item.disabled || undefined}
                title={hint ? `${item.label} (${hint})` : item.label}
                // Keeps the editor's focus and selection when the button is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setActiveId(item.id)}
                onClick={() => {
                  if (!item.disabled) onPress(item.id);
                }}
              >
                {typeof item.glyph === 'string' ? (
                  // Drawn by CSS from the attribute: the glyph ("H2", "1.") is a picture of
                  // the action, and as page text it would contradict the button's name.
                  <span aria-hidden="true" className="vt-rte__glyph" data-glyph={item.glyph} />
                ) : (
                  <span aria-hidden="true">{item.glyph}</span>
                )}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
