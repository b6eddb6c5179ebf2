import { validateWebhook, webhookBody, webhookValues } from './webhook-values';

describe('the endpoint form', () => {
  it('starts a new endpoint on all events, and an edited one on its own', () => {
    expect(webhookValues()).toMatchObject({ all: true, events: [], enabled: true });
    const edited = webhookValues({
      id: 'a',
      url: 'https://mirror.example/hooks',
      events: ['product.published'],
      description: '',
      enabled: false,
      createdAt: '',
      updatedAt: '',
    });
    expect(edited).toMatchObject({ all: false, events: ['product.published'], enabled: false });
  });

  it('asks for an http(s) URL and at least one event unless all are chosen', () => {
    const values = { url: 'mirror', description: '', all: false, events: [], enabled: true };
    expect(validateWebhook(values)).toEqual({
      url: 'URL must start with https:// (or http://)',
      events: 'Choose at least one event, or all events',
    });
    expect(validateWebhook({ ...values, url: '', all: true })).toEqual({
      url: 'URL is required',
      events: undefined,
    });
  });

  it('sends ["*"] for all events, the chosen ones otherwise', () => {
    const values = {
      url: ' https://mirror.example/hooks ',
      description: ' Mirror ',
      all: true,
      events: ['review.created'],
      enabled: true,
    };
    expect(webhookBody(values)).toEqual({
      url: 'https://mirror.example/hooks',
      description: 'Mirror',
      events: ['*'],
    });
    expect(webhookBody({ ...values, all: false }).events).toEqual(['review.created']);
  });
});
