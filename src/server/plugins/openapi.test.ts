import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './openapi';

const schema = z.object({ success: z.literal(true), data: z.object({ id: z.string(), note: z.string().optional() }) });
const compile = (strict: boolean) => responseSerializerCompiler(strict)({ schema, method: 'GET', url: '/api/v1/thing', httpStatus: '200' });

describe('answers written through their response schema', () => {
  it('in production, a field the schema does not list is left out', () => {
    expect(JSON.parse(compile(false)({ success: true, data: { id: 'a', passwordHash: 'x' } }))).toEqual({ success: true, data: { id: 'a' } });
  });

  it('in tests and development, an answer that would lose a field fails and names the route', () => {
    expect(() => compile(true)({ success: true, data: { id: 'a', passwordHash: 'x' } })).toThrow('GET /api/v1/thing: the answer has a field its response schema does not list');
  });

  it('an answer that fits is written as it is, absent optional fields included', () => {
    expect(JSON.parse(compile(true)({ success: true, data: { id: 'a', note: undefined } }))).toEqual({ success: true, data: { id: 'a' } });
    expect(JSON.parse(compile(true)({ success: true, data: { id: 'a', note: 'n' } }))).toEqual({ success: true, data: { id: 'a', note: 'n' } });
  });

  it('an answer of the wrong shape fails in tests and development; in production it is written in the shape its schema gives', () => {
    expect(() => compile(true)({ success: true, data: { id: 1 } })).toThrow();
    expect(JSON.parse(compile(false)({ success: true, data: { id: 1 } }))).toEqual({ success: true, data: { id: '1' } });
  });
});
