import * as Tabs from '@radix-ui/react-tabs';
import { useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, isIsoDate, localToday } from '@sas/domain';
import { useHomeOptions, type HomeOption } from '../../shared/api/get-home-options';
import { QueryState } from '../../shared/components/query-state';
import { useConsoleUser } from '../../shared/hooks';
import { addMonths, formatMonthLong } from '../../shared/format';
import { useCalendar } from '../api/get-calendar';
import { BlockForm } from './block-form';
import { ConflictList } from './conflict-list';
import { MonthGrid, type NightSelection } from './month-grid';
import { StayLegend } from './stay-legend';
import { StayList } from './stay-list';
import { Timeline } from './timeline';
import './calendar.css';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const timelineLengths = [14, 30, 60] as const;
const noSelection: NightSelection = { start: null, end: null };

/** What a route may show above one home's month (the calendar/channels boundary: ADR 037). */
export type HomeNotice = (home: HomeOption) => ReactNode;

interface HomeMonthProps {
  home: HomeOption;
  month: string;
  today: string;
  homeNotice: HomeNotice | undefined;
}

function HomeMonth({ home, month, today, homeNotice }: HomeMonthProps) {
  const user = useConsoleUser();
  const [selection, setSelection] = useState<NightSelection>(noSelection);
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const from = `${month}-01`;
  const calendar = useCalendar({ from, to: `${addMonths(month, 1)}-01`, propertyId: home.id });

  function choose(date: string) {
    setNotice('');
    setSelection((current) => {
      if (current.start === null || current.end !== null) return { start: date, end: null };
      if (date < current.start) return { start: date, end: null };
      return { start: current.start, end: date };
    });
  }

  const prompt =
    selection.start === null
      ? 'Choose the first night to block, then the last.'
      : selection.end === null
        ? 'Now choose the last night (or the same night again for one night).'
        : '';

  const shown = calendar.data?.homes.find((h) => h.id === home.id);
  const stays = shown?.stays ?? [];

  return (
    <>
      {homeNotice?.(home)}
      <p className="console-muted">{prompt}</p>
      <p ref={noticeRef} tabIndex={-1} role="status" className={notice === '' ? undefined : 'console-success'}>
        {notice}
      </p>
      <BlockForm
        homeId={home.id}
        homeName={home.name}
        selection={selection}
        isOwner={user.role === 'owner'}
        onClear={() => setSelection(noSelection)}
        onDone={(message) => {
          setSelection(noSelection);
          setNotice(message);
          noticeRef.current?.focus();
        }}
      />
      <StayLegend />
      <QueryState query={calendar} loading="Loading the calendar…">
        {() => (
          <>
            <MonthGrid
              month={month}
              caption={`${home.name}, ${formatMonthLong(month)}`}
              today={today}
              stays={stays}
              selection={selection}
              onChoose={choose}
            />
            <h2 className="calendar__list-title">Taken nights in {formatMonthLong(month)}</h2>
            <StayList
              caption={`Bookings, holds and blocks at ${home.name}`}
              stays={stays}
              onRemoved={setNotice}
              afterRemoveFocus={noticeRef}
            />
            <ConflictList homeName={home.name} conflicts={shown?.conflicts ?? []} />
          </>
        )}
      </QueryState>
    </>
  );
}

function AllHomes({ from, days, onOpenHome }: { from: string; days: number; onOpenHome: (id: string) => void }) {
  const calendar = useCalendar({ from, to: addDays(from, days) });
  return (
    <>
      <StayLegend />
      <QueryState query={calendar} loading="Loading the timeline…">
        {(data) => <Timeline calendar={data} onOpenHome={onOpenHome} />}
      </QueryState>
    </>
  );
}

/**
 * A month grid per home and a timeline of every home. The view, home, month
 * and range are in the URL, so a calendar can be linked to and survives a reload.
 * `homeNotice` draws above the month, e.g. the health of the home's imported
 * calendars, which belongs to the channels area.
 */
export function CalendarPage({ homeNotice }: { homeNotice?: HomeNotice }) {
  const [params, setParams] = useSearchParams();
  const homes = useHomeOptions();
  const today = localToday();
  const view = params.get('view') === 'timeline' ? 'timeline' : 'month';
  const askedMonth = params.get('month') ?? '';
  const month = monthPattern.test(askedMonth) ? askedMonth : today.slice(0, 7);
  const askedFrom = params.get('from') ?? '';
  const from = isIsoDate(askedFrom) ? askedFrom : today;
  const askedDays = Number(params.get('days'));
  const days = timelineLengths.find((n) => n === askedDays) ?? 30;

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <h1>Calendar</h1>
      <Tabs.Root value={view} onValueChange={(value) => update({ view: value })}>
        <Tabs.List className="calendar-tabs__list" aria-label="Calendar view">
          <Tabs.Trigger value="month" className="calendar-tabs__tab">
            One home by month
          </Tabs.Trigger>
          <Tabs.Trigger value="timeline" className="calendar-tabs__tab">
            All homes (timeline)
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="month">
          <QueryState query={homes} loading="Loading homes…">
            {(options) => {
              if (options.length === 0) return <p className="console-muted">No homes to show.</p>;
              const home = options.find((h) => h.propertyId === params.get('home')) ?? options[0]!;
              return (
                <>
                  <div className="console-toolbar">
                    <label className="console-field">
                      <span>Home</span>
                      <select value={home.propertyId} onChange={(event) => update({ home: event.target.value })}>
                        {options.map((h) => (
                          <option key={h.id} value={h.propertyId}>
                            {h.name} ({h.propertyId})
                          </option>
                        ))}
                      </select>
                    </label>
                    <div className="calendar-nav">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => update({ month: addMonths(month, -1) })}
                      >
                        Previous month
                      </button>
                      <p className="calendar-nav__title" aria-live="polite">
                        {formatMonthLong(month)}
                      </p>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => update({ month: addMonths(month, 1) })}
                      >
                        Next month
                      </button>
                    </div>
                  </div>
                  {/* Keyed: another home or month starts with no nights chosen. */}
                  <HomeMonth
                    key={`${home.id}/${month}`}
                    home={home}
                    month={month}
                    today={today}
                    homeNotice={homeNotice}
                  />
                </>
              );
            }}
          </QueryState>
        </Tabs.Content>
        <Tabs.Content value="timeline">
          <div className="console-toolbar">
            <label className="console-field">
              <span>From</span>
              <input
                type="date"
                value={from}
                onChange={(event) => {
                  if (isIsoDate(event.target.value)) update({ from: event.target.value });
                }}
              />
            </label>
            <label className="console-field">
              <span>Nights shown</span>
              <select value={days} onChange={(event) => update({ days: event.target.value })}>
                {timelineLengths.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <div className="calendar-nav">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => update({ from: addDays(from, -days) })}
              >
                Earlier
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => update({ from: addDays(from, days) })}
              >
                Later
              </button>
            </div>
          </div>
          <AllHomes
            from={from}
            days={days}
            onOpenHome={(propertyId) => update({ view: 'month', home: propertyId, month: from.slice(0, 7) })}
          />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
