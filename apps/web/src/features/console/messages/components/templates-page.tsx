import { useId, useState, type FormEvent } from 'react';
import { messageVariables, type MessageTemplateView } from '@sas/domain';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage } from '../../shared/format';
import { usePreviewMessage, useSaveMessageTemplate, useMessageTemplates, useTestSendMessage } from '../api/templates';

function TemplateEditor({ template }: { template: MessageTemplateView }) {
  const save = useSaveMessageTemplate(template.name);
  const preview = usePreviewMessage(template.name);
  const testSend = useTestSendMessage(template.name);
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [enabled, setEnabled] = useState(template.enabled);
  const [offsetDays, setOffsetDays] = useState(String(template.offsetDays));
  const [time, setTime] = useState(template.time);
  const [bookingCode, setBookingCode] = useState('');
  const id = useId();
  const anchor = template.anchor === 'checkIn' ? 'check-in' : 'checkout';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ subject, body, enabled, offsetDays: Number(offsetDays), time });
  }
  const words = () => ({ bookingCode: bookingCode.trim(), subject, body });

  return (
    <form className="console-panel" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {template.label}
        {template.marketing ? ' (marketing)' : ''}
      </h2>
      <div className="console-field">
        <label htmlFor={`${id}-enabled`}>
          <input
            id={`${id}-enabled`}
            type="checkbox"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />{' '}
          Send this message
        </label>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-offset`}>Days from {anchor} (negative: before)</label>
        <input
          id={`${id}-offset`}
          type="number"
          min={-60}
          max={60}
          step={1}
          value={offsetDays}
          onChange={(event) => setOffsetDays(event.target.value)}
        />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-time`}>Time of day, home time (09:00-20:00; later waits for the morning)</label>
        <input id={`${id}-time`} type="time" value={time} onChange={(event) => setTime(event.target.value)} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input id={`${id}-subject`} value={subject} onChange={(event) => setSubject(event.target.value)} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-body`}>Message</label>
        <textarea id={`${id}-body`} rows={8} value={body} onChange={(event) => setBody(event.target.value)} />
        <p className="console-muted">Variables: {messageVariables.map((name) => `{{${name}}}`).join(', ')}</p>
      </div>
      <div className="console-button-row">
        <button type="submit" className="button button--primary button--small" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      <div role="status">{save.isSuccess && <p className="console-success">Saved.</p>}</div>
      <div role="alert">{save.isError && <p className="console-error">Not saved: {errorMessage(save.error)}</p>}</div>

      <h3>Preview</h3>
      <div className="console-field">
        <label htmlFor={`${id}-booking`}>Booking code to preview with</label>
        <input id={`${id}-booking`} value={bookingCode} onChange={(event) => setBookingCode(event.target.value)} />
      </div>
      <div className="console-button-row">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={bookingCode.trim() === '' || preview.isPending}
          onClick={() => preview.mutate(words())}
        >
          Preview
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={bookingCode.trim() === '' || testSend.isPending}
          onClick={() => testSend.mutate(words())}
        >
          Send me a test
        </button>
      </div>
      <div role="status">
        {testSend.isSuccess && <p className="console-success">A test is on its way to {testSend.data.to}.</p>}
      </div>
      <div role="alert">
        {preview.isError && <p className="console-error">{errorMessage(preview.error)}</p>}
        {testSend.isError && <p className="console-error">{errorMessage(testSend.error)}</p>}
      </div>
      {preview.isSuccess && (
        <div className="console-panel" aria-label="Preview">
          <p>
            <strong>{preview.data.subject}</strong>
          </p>
          <pre style={{ whiteSpace: 'pre-wrap' }}>{preview.data.text}</pre>
        </div>
      )}
    </form>
  );
}

/** The guest message templates (issue 28): wording, timing, on/off, with a live preview and a test send. */
export function TemplatesPage() {
  const templates = useMessageTemplates();
  const [name, setName] = useState('');
  const pickId = useId();
  return (
    <QueryState query={templates} loading="Loading the templates…">
      {(list) => {
        const chosen = list.find((t) => t.name === name) ?? list[0];
        return (
          <>
            <div className="console-toolbar">
              <div className="console-field">
                <label htmlFor={pickId}>Template</label>
                <select id={pickId} value={chosen?.name ?? ''} onChange={(event) => setName(event.target.value)}>
                  {list.map((t) => (
                    <option key={t.name} value={t.name}>
                      {t.label}
                      {t.enabled ? '' : ' (off)'}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {chosen && <TemplateEditor key={chosen.name} template={chosen} />}
          </>
        );
      }}
    </QueryState>
  );
}
