import { useId, useState } from 'react';
import {
  formatDate,
  inquiryStatuses,
  type AdminInquiry,
  type InquiryStatus,
  type UpdateInquiryRequest,
} from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { useInquiries } from '../api/get-inquiries';
import { useUpdateInquiry } from '../api/update-inquiry';
import './inquiries.css';

const statusLabels: Record<InquiryStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

function InquiryRow({ inquiry }: { inquiry: AdminInquiry }) {
  const [status, setStatus] = useState<InquiryStatus>(inquiry.status);
  const [notes, setNotes] = useState(inquiry.notes);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const update = useUpdateInquiry();
  const statusId = useId();
  const notesId = useId();
  const who = inquiry.name;

  const change: UpdateInquiryRequest = {};
  if (status !== inquiry.status) change.status = status;
  if (notes !== inquiry.notes) change.notes = notes;
  const changed = Object.keys(change).length > 0;

  const save = () => {
    setMessage(null);
    update.mutate(
      { id: inquiry.id, change },
      {
        onSuccess: () => setMessage({ ok: true, text: 'Saved.' }),
        onError: (error) => setMessage({ ok: false, text: `Not saved: ${error.message}` }),
      },
    );
  };

  return (
    <tr>
      <td>{formatDate(inquiry.createdAt.slice(0, 10))}</td>
      <th scope="row">
        {who}
        <span className="inquiries__contact">
          <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
        </span>
        <span className="inquiries__contact">
          <a href={`tel:${inquiry.phone}`}>{inquiry.phone}</a>
        </span>
      </th>
      <td>
        {inquiry.propertyLocation}
        <span className="inquiries__contact">{inquiry.bedrooms} bedrooms</span>
      </td>
      <td className="inquiries__message">{inquiry.message}</td>
      <td>
        <label htmlFor={statusId} className="visually-hidden">
          Status of {who}&apos;s inquiry
        </label>
        <select
          id={statusId}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as InquiryStatus);
            setMessage(null);
          }}
        >
          {inquiryStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <label htmlFor={notesId} className="visually-hidden">
          Notes on {who}&apos;s inquiry
        </label>
        <textarea
          id={notesId}
          value={notes}
          rows={3}
          onChange={(event) => {
            setNotes(event.target.value);
            setMessage(null);
          }}
        />
      </td>
      <td>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={!changed || update.isPending}
          onClick={save}
        >
          {update.isPending ? 'Saving...' : 'Save'} <span className="visually-hidden">{who}&apos;s inquiry</span>
        </button>
        <p role="status" className={message?.ok === false ? 'inquiries__failed' : 'console-muted'}>
          {message?.text}
        </p>
      </td>
    </tr>
  );
}

/** Owners' inquiries from the Management page, with their status and the team's notes. */
export function InquiriesTable() {
  const [filter, setFilter] = useState<InquiryStatus | 'all'>('all');
  const inquiries = useInquiries(filter === 'all' ? undefined : filter);
  const filterId = useId();

  return (
    <div className="inquiries">
      <div className="console-toolbar">
        <div className="console-field">
          <label htmlFor={filterId}>Show</label>
          <select id={filterId} value={filter} onChange={(event) => setFilter(event.target.value as typeof filter)}>
            <option value="all">All inquiries</option>
            {inquiryStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {inquiries.isPending && <p role="status">Loading inquiries...</p>}
      {inquiries.isError && (
        <div role="alert" className="console-error">
          <p>We could not load the inquiries. {inquiries.error.message}</p>
          <button type="button" className="button button--secondary" onClick={() => void inquiries.refetch()}>
            Try again
          </button>
        </div>
      )}
      {inquiries.isSuccess && inquiries.data.length === 0 && <p className="console-muted">No inquiries here.</p>}
      {inquiries.isSuccess && inquiries.data.length > 0 && (
        <TableRegion label="Owner inquiries">
          <table className="console-table">
            <caption>Owner inquiries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Owner</th>
                <th scope="col">Home</th>
                <th scope="col">Message</th>
                <th scope="col">Status</th>
                <th scope="col">Notes</th>
                <th scope="col">
                  <span className="visually-hidden">Save</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {inquiries.data.map((inquiry) => (
                <InquiryRow key={inquiry.id} inquiry={inquiry} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  );
}
