import {
  EnvelopeOf,
  ListOf,
  SignatureCard,
  SignatureIdsInput,
  SystemSignatureInfo,
  SystemSignatureInput,
  SystemSignatureQuery,
  SystemSignatureRow,
  SystemSignatureUpdate,
} from '@platform/shared';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { crudRoutes } from '../../core/crud-routes.ts';
import { FileAnswer, MediaType, ok } from '../../core/envelope.ts';
import { type StoredImages, storedImageName } from '../../core/stored-images.ts';
import type { SignatureService } from './signature.service.ts';

const tags = ['signature'];
const base = '/api/system/Signature';

/**
 * 签名管理. The picker and ListByIds serve any signed-in user: a form's signature field lists the
 * signatures granted to whoever fills it in, and shows the ones it keeps to whoever reads it.
 */
export default async function signatureRoutes(
  app: App,
  { signatures, images }: { signatures: SignatureService; images: StoredImages },
) {
  crudRoutes(
    app,
    {
      base,
      menu: 'system.signature',
      tag: 'signature',
      noun: { one: 'signature', many: 'Signatures' },
      schemas: {
        query: SystemSignatureQuery,
        row: SystemSignatureRow,
        info: SystemSignatureInfo,
        input: SystemSignatureInput,
        update: SystemSignatureUpdate,
      },
      summaries: { list: 'Signatures, paged; userId keeps those granted to that user' },
    },
    signatures,
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'The signatures granted to the caller (the picked value is the icon URL)',
        response: { 200: EnvelopeOf(ListOf(SignatureCard)) },
      },
    },
    async (request) => ok({ list: await signatures.selector(sessionOf(request)) }),
  );

  app.post(
    `${base}/ListByIds`,
    {
      schema: {
        tags,
        summary: 'Signatures by id, in the order asked (unknown ids are left out)',
        body: SignatureIdsInput,
        response: { 200: EnvelopeOf(ListOf(SignatureCard)) },
      },
    },
    async (request) => ok({ list: await signatures.listByIds(request.body.ids) }),
  );

  // Public: <img> cannot send the Authorization header; names are 128 random bits.
  app.get(
    '/api/file/Image/signature/:name',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A signature image by its generated name',
        params: Type.Object({ name: Type.String({ pattern: storedImageName.source }) }),
        response: { 200: FileAnswer('The signature image', MediaType.images) },
      },
    },
    async (request, reply) => {
      const sent = await images.send(reply, request.params.name);
      // The declared answer is the image; a missing one is the envelope under 404.
      return sent ?? (reply as FastifyReply).status(404).send({ code: 404, msg: request.t('common.notFound') });
    },
  );
}
