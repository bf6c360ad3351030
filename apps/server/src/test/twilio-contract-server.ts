// A local HTTP server that answers Twilio's Messages endpoint the way Twilio
// documents it (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP
// basic auth with the account SID and auth token, a form-encoded To, From or
// MessagingServiceSid and Body; a JSON message resource with its `sid`, or an
// error object { code, message, more_info, status }), so the provider can be
// pointed at it (TWILIO_API_URL) and every request it sends checked.
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface RecordedTwilioRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface TwilioContractServer {
  url: string;
  accountSid: string;
  authToken: string;
  requests: RecordedTwilioRequest[];
  /** Numbers Twilio refuses because they replied STOP (its error 21610). */
  unsubscribed: Set<string>;
  close(): Promise<void>;
}

function twilioError(status: number, code: number, message: string) {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

export async function startTwilioContractServer(
  accountSid = `AC${'0123456789abcdef'.repeat(2)}`,
  authToken = 'contract-test-auth-token',
): Promise<TwilioContractServer> {
  const requests: RecordedTwilioRequest[] = [];
  const unsubscribed = new Set<string>();
  let sequence = 0;

  function handle(request: RecordedTwilioRequest): { status: number; body: unknown } {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return twilioError(401, 20003, 'Authenticate');
    if (request.method !== 'POST' || request.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return twilioError(404, 20404, 'The requested resource was not found');
    }
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return twilioError(400, 21000, 'Expected a form-encoded body');
    }
    const { To: to, From: from, MessagingServiceSid: service, Body: body } = request.form;
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!from && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(400, 21602, 'Message body is required.');
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (body.length > 1_600)
      return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (unsubscribed.has(to)) {
      return twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
    }
    sequence += 1;
    return {
      status: 201,
      body: {
        sid: `SM${String(sequence).padStart(32, '0')}`,
        account_sid: accountSid,
        to,
        from: from ?? null,
        messaging_service_sid: service ?? null,
        body,
        status: 'queued',
        num_segments: String(Math.ceil(body.length / 153)),
        direction: 'outbound-api',
        api_version: '2010-04-01',
        price: null,
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/SM${String(sequence).padStart(32, '0')}.json`,
      },
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://contract');
      const form: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) form[key] = value;
      const request = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form };
      requests.push(request);
      const { status, body } = handle(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    accountSid,
    authToken,
    requests,
    unsubscribed,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
