import { useSearchParams } from 'react-router';
import { addDays, localToday } from '@sas/domain';
import { QueryState } from '../../shared/components/query-state';
import { addMonths, formatMonthLong } from '../../shared/format';
import { useConsoleUser } from '../../shared/hooks';
import { useOwnerAccounts } from '../api/reports';
import { JournalSection, ReconciliationSection } from './books-section';
import { OwnerStatementSection } from './owner-statement-section';
import { OwnerTermsSection } from './owner-terms-section';
import { TaxReturnSection } from './tax-return-section';
import './reports.css';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The bookkeeper's reports (issue 29): the month's lodging tax return, the
 * journal for the accountant, the reconciliation with the processor, and
 * each owner's statement, terms and payouts. An owner sees only their own
 * statements here (their portal is the console as an owner).
 */
export function ReportsPage() {
  const user = useConsoleUser();
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const thisMonth = today.slice(0, 7);
  const asked = params.get('month') ?? '';
  const month = monthPattern.test(asked) ? asked : addMonths(thisMonth, -1);
  const isCompany = user.role !== 'owner';
  const owners = useOwnerAccounts(isCompany);
  const ownerId = isCompany ? (params.get('owner') ?? '') : user.id;
  const choices = Array.from({ length: 25 }, (_, i) => addMonths(thisMonth, 12 - i));
  const monthStart = `${month}-01`;
  const monthEnd = addDays(`${addMonths(month, 1)}-01`, -1);

  const update = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <h1>{isCompany ? 'Reports' : 'Your statements'}</h1>
      <div className="console-toolbar">
        <label className="console-field">
          <span>Month</span>
          <select value={month} onChange={(event) => update('month', event.target.value)}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {formatMonthLong(choice)}
              </option>
            ))}
          </select>
        </label>
        {isCompany && (
          <label className="console-field">
            <span>Owner</span>
            <select value={ownerId} onChange={(event) => update('owner', event.target.value)}>
              <option value="">Choose an owner</option>
              {owners.data?.map((account) => (
                <option key={account.owner.id} value={account.owner.id}>
                  {account.owner.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {isCompany && <TaxReturnSection month={month} />}
      {ownerId !== '' ? (
        <OwnerStatementSection
          key={`${ownerId}-${month}`}
          ownerId={ownerId}
          month={month}
          canRecordPayouts={isCompany}
          today={today}
        />
      ) : (
        <p className="console-muted">Choose an owner to see their statement, terms and payouts.</p>
      )}
      {isCompany && ownerId !== '' && (
        <QueryState query={owners} loading="Loading the owner's terms…">
          {(accounts) => {
            const account = accounts.find((candidate) => candidate.owner.id === ownerId);
            return account ? (
              <OwnerTermsSection key={account.owner.id} account={account} canEdit={user.role === 'admin'} />
            ) : null;
          }}
        </QueryState>
      )}
      {isCompany && (
        <>
          <JournalSection key={`journal-${month}`} range={{ from: monthStart, to: monthEnd }} />
          <ReconciliationSection key={`reconciliation-${month}`} range={{ from: monthStart, to: monthEnd }} />
        </>
      )}
    </>
  );
}
