import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * Response serializer: each route's zod response schema is turned into JSON Schema once, at start, and compiled
 * with fast-json-stringify (what Fastify does for JSON Schema routes). Only the properties the schema names are
 * written, so a row with extra columns cannot leak them, exactly as zod's stripping did; but the value is no longer
 * checked against the schema on every response, which was the largest cost of a request after the session check
 * (docs/decisions.md, "Responses written by compiled serializers"). A schema JSON Schema cannot express falls
 * back to checking with zod.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema } = route;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as never) as Serialize;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return zodSerializerCompiler(route as never) as Serialize;
  }
};
