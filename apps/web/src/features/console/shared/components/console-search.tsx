import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatDateRange, isBookingCode, pluralize, type AdminSearchResult } from '@sas/domain';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { minSearchLength, useConsoleSearch } from '../api/search-console';
import type { ConsoleRole } from '../roles';

/** How long the typing pauses before the search is sent. */
const typingPauseMs = 250;

interface Option {
  id: string;
  to: string;
  /** What it is, read first: 'Booking', 'Home', 'Search'. */
  kind: string;
  label: string;
  detail: string;
}

/** Where a home found goes: its editor for the company, its calendar for an owner (who has no editor). */
function homePath(role: ConsoleRole, propertyId: string): string {
  return role === 'owner'
    ? `/admin/calendar?${new URLSearchParams({ home: propertyId }).toString()}`
    : `/admin/homes/${encodeURIComponent(propertyId)}`;
}

function reservationsPath(q: string): string {
  return `/admin/reservations?${new URLSearchParams({ q }).toString()}`;
}

function optionsOf(result: AdminSearchResult | undefined, q: string, role: ConsoleRole, idPrefix: string): Option[] {
  const bookings = (result?.reservations ?? []).map((r) => ({
    id: `${idPrefix}-booking-${r.code}`,
    to: `/admin/reservations/${encodeURIComponent(r.code)}`,
    kind: 'Booking',
    label: r.code,
    detail: [
      r.guestName,
      r.propertyName,
      formatDateRange(r.checkIn, r.checkOut),
      r.status === 'cancelled' ? 'cancelled' : null,
    ]
      .filter(Boolean)
      .join(' · '),
  }));
  const homes = (result?.homes ?? []).map((h) => ({
    id: `${idPrefix}-home-${h.propertyId}`,
    to: homePath(role, h.propertyId),
    kind: 'Home',
    label: h.name,
    detail: h.published ? h.propertyId : `${h.propertyId} · not published`,
  }));
  const all = {
    id: `${idPrefix}-all`,
    to: reservationsPath(q),
    kind: 'Search',
    label: `All reservations matching “${q}”`,
    detail: '',
  };
  return [...bookings, ...homes, all];
}

/**
 * The console's search (ADR 040): a combobox in the top bar. Typing shows a
 * few bookings (by code, guest name or e-mail) and homes (by listing number
 * or name) from GET /api/admin/search; arrows pick one, Enter opens it. Enter
 * on a whole booking code opens that booking; on other text, the reservations
 * list searched for it.
 */
export function ConsoleSearch({ role }: { role: ConsoleRole }) {
  const navigate = useNavigate();
  const ids = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const q = useDebouncedValue(typed, typingPauseMs);
  const search = useConsoleSearch(q);
  const ready = q.length >= minSearchLength && q === typed && search.data !== undefined && !search.isPlaceholderData;
  const options = ready ? optionsOf(search.data, q, role, ids) : [];
  const found = options.length - 1;
  const expanded = open && ready;
  const status =
    typed.length < minSearchLength
      ? ''
      : !ready
        ? search.isError
          ? 'The search failed. Press Enter to search the reservations instead.'
          : 'Searching…'
        : found === 0
          ? `No booking or listing matches “${q}”.`
          : `${pluralize(found, 'result')}: use the arrow keys to choose one.`;

  function go(to: string) {
    setText('');
    setOpen(false);
    setActive(-1);
    void navigate(to);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    if (chosen) return go(chosen.to);
    if (typed === '') return;
    const code = typed.toUpperCase();
    go(isBookingCode(code) ? `/admin/reservations/${code}` : reservationsPath(typed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (options.length === 0) return;
    event.preventDefault();
    setOpen(true);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // -1 is the box itself: the arrows go round the options and back to it.
    const positions = options.length + 1;
    setActive((current) => ((current + 1 + step + positions) % positions) - 1);
  }

  const activeOption = expanded ? options[active] : undefined;
  return (
    <form role="search" aria-label="Console" className="console-search" onSubmit={submit}>
      <label htmlFor={`${ids}-input`} className="visually-hidden">
        Find a booking, guest or listing
      </label>
      <input
        id={`${ids}-input`}
        type="search"
        role="combobox"
        className="console-search__input"
        placeholder="Booking code, guest, e-mail or listing"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${ids}-results`}
        aria-activedescendant={activeOption?.id}
        aria-describedby={`${ids}-status`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={`${ids}-results`}
        role="listbox"
        aria-label="Search results"
        className="console-search__results"
        hidden={!expanded}
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={option.id}
            role="option"
            aria-selected={index === active}
            className="console-search__option"
            // Keeps the focus in the box, so the click lands before the list closes.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(option.to)}
          >
            <span className="console-search__kind">{option.kind}</span>{' '}
            <span className="console-search__label">{option.label}</span>
            {option.detail !== '' && <span className="console-search__detail"> {option.detail}</span>}
          </li>
        ))}
      </ul>
      <p id={`${ids}-status`} role="status" className="visually-hidden">
        {open ? status : ''}
      </p>
    </form>
  );
}
