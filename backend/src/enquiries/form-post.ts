import { ArgumentsHost, Catch, HttpStatus } from '@nestjs/common';
import type { EnquirySource } from '@vitrine/contracts';
import type { Request, Response } from 'express';
import { ApiExceptionFilter } from '../common/filters/api-exception.filter';

/** Where each form lives, for a post whose page the browser did not name. */
const FORM_PAGES: Record<EnquirySource, string> = { contact: '/contact-us', callback: '/' };

/**
 * A browser's own submission of an enquiry form: the page was server-rendered and its script
 * had not run (yet, or at all), so the browser posted the fields and wants a page back. The
 * forms' script sends JSON and asks for JSON, so it never matches.
 */
export function isFormPost(request: Request): boolean {
  return (
    Boolean(request.is('application/x-www-form-urlencoded')) &&
    request.accepts(['json', 'html']) === 'html'
  );
}

/** The query words that carry a form post's outcome. */
const OUTCOME_PARAMS = ['sent', 'notsent', 'status'];

/**
 * The page the form was sent from, with the outcome added to its query (`sent=contact`, or
 * `notsent=contact&status=400`), for a 303 back to it. Only the referring page's path and
 * query are kept, never its host, so the answer cannot send anyone to another site.
 */
export function formPageAddress(request: Request, outcome: Record<string, string>): string {
  const source: EnquirySource = request.body?.source === 'callback' ? 'callback' : 'contact';
  let path = FORM_PAGES[source];
  let query = new URLSearchParams();
  try {
    const referrer = new URL(request.get('referer') ?? '');
    // "//host/..." would be read as another site's address.
    if (!referrer.pathname.startsWith('//')) {
      path = referrer.pathname;
      query = referrer.searchParams;
    }
  } catch {
    // No referrer (or an unreadable one): the form's own page.
  }
  for (const name of OUTCOME_PARAMS) query.delete(name);
  const result = 'sent' in outcome ? { sent: source } : { notsent: source, ...outcome };
  for (const [name, value] of Object.entries(result)) query.set(name, value);
  return `${path}?${query}`;
}

/**
 * Errors of a form post go back to the form's page, which says the enquiry was not sent (and
 * why, from the status); every other request gets the API's usual error body.
 */
@Catch()
export class EnquiryFormPostFilter extends ApiExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost) {
    const request = host.switchToHttp().getRequest<Request>();
    if (!isFormPost(request)) return super.catch(exception, host);
    const { statusCode } = this.toBody(exception);
    if (statusCode >= 500) this.log(exception, request);
    const response = host.switchToHttp().getResponse<Response>();
    if (!response.headersSent) {
      response.redirect(
        HttpStatus.SEE_OTHER,
        formPageAddress(request, { status: String(statusCode) }),
      );
    }
  }
}
