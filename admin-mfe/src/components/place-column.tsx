import { useToast, type DataTableColumn } from '@vitrine/ui';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isUnauthorized } from '../lib/errors';
import { PAGE_SIZE } from '../lib/use-list-params';
import { MoveButtons } from './MoveButtons';
import './place-column.css';

export interface PlaceColumnOptions<T> {
  /** The order field the list is sorted by: `order`, or `featuredOrder` among the featured. */
  key: 'order' | 'featuredOrder';
  header: string;
  /** The list's position of its first row on this page (page 2 of 20 rows starts at 20). */
  offset: number;
  /** How many rows the whole list has. */
  total: number;
  /** The row's name, for the buttons' labels: "Move Calico up". */
  nameOf(row: T): string;
  /** False when the rows are not in their order (another sort, a search): no buttons. */
  enabled: boolean;
  busy: boolean;
  onMove(row: T, position: number, action: 'up' | 'down'): void;
}

/**
 * A list column with the row's place and, while the list shows that order, buttons that
 * move the row one up or down (each row's buttons carry `data-id` so focus can follow it).
 */
export function placeColumn<T extends { _id: string }>(
  options: PlaceColumnOptions<T>,
): DataTableColumn<T> {
  return {
    key: options.key,
    header: options.header,
    sortable: true,
    className: 'adm-nowrap',
    width: '5rem',
    card: 'detail',
    render: (row, index) => {
      const position = options.offset + index;
      if (!options.enabled) return null;
      const name = options.nameOf(row);
      return (
        <span className="adm-place" data-id={row._id}>
          <MoveButtons
            upLabel={`Move ${name} up`}
            downLabel={`Move ${name} down`}
            first={position === 0}
            last={position >= options.total - 1}
            busy={options.busy}
            onUp={() => options.onMove(row, position - 1, 'up')}
            onDown={() => options.onMove(row, position + 1, 'down')}
          />
        </span>
      );
    },
  };
}

/**
 * Moving rows of a list: one move at a time, said aloud (`announcement`, for a polite live
 * region), the list followed to the page the row lands on, and the focus kept on the moved
 * row's button.
 */
export function useListMove<T extends { _id: string }>({
  move,
  list,
  refetch,
  what,
}: {
  move(row: T, position: number): Promise<unknown>;
  list: { page: number; setPage(page: number): void };
  refetch(): unknown;
  /** "Calico" → the sentence's subject. */
  what(row: T): string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<string | null>(null);

  // Once the list shows the row at its new place: the same button, or the other one at an end.
  useEffect(() => {
    if (!focusAfter.current || busy) return;
    const [row, action] = focusAfter.current.split('|');
    const buttons = document.querySelector(`[data-id="${row}"]`);
    if (!buttons) return;
    focusAfter.current = null;
    (
      buttons.querySelector<HTMLElement>(`[data-action="${action}"]:not([disabled])`) ??
      buttons.querySelector<HTMLElement>('button:not([disabled])')
    )?.focus();
  });

  async function onMove(row: T, position: number, action: 'up' | 'down') {
    setBusy(true);
    try {
      await move(row, position);
      setAnnouncement(`${what(row)} moved to place ${position + 1}`);
      focusAfter.current = `${row._id}|${action}`;
      const page = Math.floor(position / PAGE_SIZE) + 1;
      if (page !== list.page) list.setPage(page);
      else await refetch();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`Not moved: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return { busy, announcement, onMove };
}
