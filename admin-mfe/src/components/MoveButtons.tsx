import { Icon } from './Icon';

/**
 * Up and down for an item of an ordered list (a table row's place, a gallery image), each
 * named for the item and off at its end of the list or while a move is under way.
 */
export function MoveButtons({
  upLabel,
  downLabel,
  first,
  last,
  busy,
  onUp,
  onDown,
}: {
  /** E.g. "Move Calico up". */
  upLabel: string;
  downLabel: string;
  /** The item is first: it cannot go up. */
  first: boolean;
  /** The item is last: it cannot go down. */
  last: boolean;
  busy: boolean;
  onUp(): void;
  onDown(): void;
}) {
  return (
    <>
      <button
        type="button"
        className="adm-icon-button"
        data-action="up"
        aria-label={upLabel}
        disabled={busy || first}
        onClick={onUp}
      >
        <Icon name="up" size={16} />
      </button>
      <button
        type="button"
        className="adm-icon-button"
        data-action="down"
        aria-label={downLabel}
        disabled={busy || last}
        onClick={onDown}
      >
        <Icon name="down" size={16} />
      </button>
    </>
  );
}
