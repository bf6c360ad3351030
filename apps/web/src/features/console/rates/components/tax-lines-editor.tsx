import { useState, type FormEvent } from 'react';
import { maxTaxLines, type AdminTaxLine } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage } from '../../shared/format';
import { useSaveTaxLines, useTaxLines } from '../api/tax-lines';

/** A line as typed: numbers as strings until saved. */
interface Row {
  name: string;
  jurisdiction: string;
  rate: string;
  cleaningTaxable: boolean;
  addOnsTaxable: boolean;
  exemptFromNights: string;
}

const toRow = (line: AdminTaxLine): Row => ({
  name: line.name,
  jurisdiction: line.jurisdiction,
  rate: String(line.rate),
  cleaningTaxable: line.cleaningTaxable,
  addOnsTaxable: line.addOnsTaxable,
  exemptFromNights: line.exemptFromNights === null ? '' : String(line.exemptFromNights),
});

const emptyRow: Row = {
  name: '',
  jurisdiction: '',
  rate: '',
  cleaningTaxable: true,
  addOnsTaxable: false,
  exemptFromNights: '30',
};

function Editor({ homeId, initial }: { homeId: string; initial: AdminTaxLine[] }) {
  const save = useSaveTaxLines(homeId);
  const [rows, setRows] = useState<Row[]>(() => initial.map(toRow));
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; text: string } | null>(null);

  const change = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const lines: AdminTaxLine[] = rows.map((row) => ({
      name: row.name.trim(),
      jurisdiction: row.jurisdiction.trim(),
      rate: Number(row.rate),
      cleaningTaxable: row.cleaningTaxable,
      addOnsTaxable: row.addOnsTaxable,
      exemptFromNights: row.exemptFromNights.trim() === '' ? null : Number(row.exemptFromNights),
    }));
    // The server checks every field; these are the mistakes worth saying before asking.
    const bad = lines.findIndex(
      (line) =>
        line.name === '' ||
        line.jurisdiction === '' ||
        !Number.isFinite(line.rate) ||
        Number.isNaN(line.exemptFromNights),
    );
    if (bad >= 0) {
      setOutcome({ kind: 'failed', text: `Line ${bad + 1} needs a name, a jurisdiction and a rate.` });
      return;
    }
    save.mutate(lines, {
      onSuccess: (saved) => {
        setRows(saved.map(toRow));
        setOutcome({
          kind: 'saved',
          text: saved.length === 0 ? 'Saved: the home is taxed at its combined rate.' : 'Tax lines saved.',
        });
      },
      onError: (error) => setOutcome({ kind: 'failed', text: errorMessage(error) }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Tax lines">
      <p className="console-muted">
        New quotes use these lines; bookings keep the taxes they were sold with. Leave no lines to tax the home at its
        combined rate.
      </p>
      <TableRegion label="Tax lines">
        <table className="console-table">
          <caption className="visually-hidden">Tax lines</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Jurisdiction</th>
              <th scope="col">Rate (%)</th>
              <th scope="col">Cleaning taxed</th>
              <th scope="col">Add-ons taxed</th>
              <th scope="col">Exempt from (nights)</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const label = (field: string) => `${field}, line ${index + 1}`;
              return (
                <tr key={index}>
                  <td>
                    <input
                      aria-label={label('Name')}
                      value={row.name}
                      onChange={(e) => change(index, { name: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={label('Jurisdiction')}
                      value={row.jurisdiction}
                      onChange={(e) => change(index, { jurisdiction: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={label('Rate in percent')}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      max="100"
                      step="0.01"
                      value={row.rate}
                      onChange={(e) => change(index, { rate: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={label('Cleaning fee taxed')}
                      type="checkbox"
                      checked={row.cleaningTaxable}
                      onChange={(e) => change(index, { cleaningTaxable: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={label('Add-ons taxed')}
                      type="checkbox"
                      checked={row.addOnsTaxable}
                      onChange={(e) => change(index, { addOnsTaxable: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={label('Exempt from this many nights (empty: never)')}
                      type="number"
                      min="1"
                      max="366"
                      step="1"
                      value={row.exemptFromNights}
                      onChange={(e) => change(index, { exemptFromNights: e.target.value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                    >
                      Remove <span className="visually-hidden">line {index + 1}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
      <div className="console-button-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={rows.length >= maxTaxLines}
          onClick={() => setRows((current) => [...current, emptyRow])}
        >
          Add a tax line
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save tax lines
        </button>
      </div>
      <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
        {outcome?.kind === 'saved' ? outcome.text : ''}
      </p>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' ? outcome.text : ''}
      </div>
    </form>
  );
}

/** A home's lodging tax lines by jurisdiction, edited whole (PUT /api/admin/properties/{id}/taxes). */
export function TaxLinesEditor({ homeId }: { homeId: string }) {
  const lines = useTaxLines(homeId);
  return (
    <QueryState query={lines} loading="Loading the tax lines…">
      {(data) => <Editor key={homeId} homeId={homeId} initial={data} />}
    </QueryState>
  );
}
