import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_HEADER, LANGUAGES, type Language } from '@banca/contract';

/** The viewer's language from the `Language` header (PT default, EN); anything else reads as PT. */
export function requestLanguage(request: FastifyRequest): Language {
  const raw = request.headers[LANGUAGE_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}
