import { normalisedRights, rightsProblem } from './rights';

describe('the rights an API token is given', () => {
  it('takes the presets and rights per entity', () => {
    expect(rightsProblem('read-only')).toBeUndefined();
    expect(rightsProblem('full')).toBeUndefined();
    expect(rightsProblem({ product: ['read', 'write'], enquiry: ['read'] })).toBeUndefined();
  });

  it('names an unknown entity, an unknown right, and a right the entity has not', () => {
    expect(rightsProblem({ users: ['read'] })).toMatch(/Unknown entity "users"/);
    expect(rightsProblem({ product: ['delete'] })).toMatch(/Unknown right "delete" on product/);
    expect(rightsProblem({ enquiry: ['read', 'write'] })).toBe('enquiry has only the read right');
  });

  it('refuses no rights at all, and shapes that are not rights', () => {
    expect(rightsProblem({})).toBe('Give the token at least one right');
    expect(rightsProblem({ product: [] })).toBe('Give the token at least one right');
    expect(rightsProblem('everything')).toMatch(/"read-only", "full"/);
    expect(rightsProblem(['read'])).toMatch(/"read-only", "full"/);
    expect(rightsProblem({ product: 'read' })).toMatch(/must be a list/);
  });

  it('stores a map in a fixed order, without repeats or empty entities', () => {
    expect(normalisedRights({ product: ['write', 'read', 'write'], service: [] })).toEqual({
      product: ['read', 'write'],
    });
  });
});
