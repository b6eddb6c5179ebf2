/** The enquiry routes as the enquiry specs drive them: sending, reading, counting. */
import { bearer, type TestApp } from './test-app';

/** An enquiry as the admin API answers it. */
export interface Enquiry {
  _id: string;
  FirstName: string;
  LastName: string;
  PhoneNumber: string;
  Email: string;
  Message: string;
  source: string;
  status: string;
  note: string;
  createdAt: string;
  mail?: { status: string; attempts: number; lastError: string | null } | null;
}

/** Helpers over the app `t`, read as its administrator. */
export function enquiryHelpers(t: TestApp) {
  const auth = () => bearer(t.adminToken);
  const send = (body: object) => t.api.post('/api/enquiries').send(body);
  const detail = async (id: string): Promise<Enquiry> =>
    (await t.api.get(`/api/enquiries/${id}`).set(auth()).expect(200)).body;
  const listIds = async (query = ''): Promise<string[]> =>
    (await t.api.get(`/api/enquiries${query}`).set(auth()).expect(200)).body.map(
      (enquiry: Enquiry) => enquiry._id,
    );
  /** Every stored enquiry, spam included, as the admin API counts them. */
  const storedCount = async () => {
    const total = async (query: string) =>
      Number(
        (await t.api.get(`/api/enquiries${query}`).set(auth()).expect(200)).headers[
          'x-total-count'
        ],
      );
    return (await total('')) + (await total('?status=spam'));
  };
  const database = async () => {
    const mongoose = await import('mongoose');
    const connection = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`));
    if (!connection) throw new Error('The test app has no database connection');
    return connection;
  };
  return { send, detail, listIds, storedCount, database };
}
