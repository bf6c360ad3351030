// SPEC.md's e-mail endpoints are called with "Content-Type: application/json"
// and no body at all, which Fastify's JSON parser refuses. In the plugin that
// calls this (and only there), an empty JSON body reads as no body; anything
// else goes through the default parser, prototype-poisoning checks included.
import type { FastifyInstance } from 'fastify';

export function allowEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
