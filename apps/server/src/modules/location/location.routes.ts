import {
  EnvelopeOf,
  LocationAroundQuery,
  LocationPois,
  LocationStaticMap,
  LocationStaticMapQuery,
  LocationTextQuery,
  LocationTips,
  LocationTipsQuery,
} from '@platform/shared';
import type { App } from '../../core/app-types.ts';
import { ok } from '../../core/envelope.ts';
import type { LocationService } from './location.service.ts';

const tags = ['location'];
const base = '/api/system/Location';

/** The location widget's searches (widgets.md §7): any signed-in user, since every form with a location field uses them. */
export default async function locationRoutes(app: App, { locations }: { locations: LocationService }) {
  app.get(
    `${base}/around`,
    {
      schema: {
        tags,
        summary: 'Places near a point ("lng,lat"), a page of offset (50) at a time; radius -1 the service default',
        querystring: LocationAroundQuery,
        response: { 200: EnvelopeOf(LocationPois) },
      },
    },
    async (request) => ok(await locations.around(request.query)),
  );

  app.get(
    `${base}/text`,
    {
      schema: {
        tags,
        summary: 'Places by keyword; with location and a radius (the fine-tune range) only within it',
        querystring: LocationTextQuery,
        response: { 200: EnvelopeOf(LocationPois) },
      },
    },
    async (request) => ok(await locations.text(request.query)),
  );

  app.get(
    `${base}/inputtips`,
    {
      schema: {
        tags,
        summary: 'Suggestions while a place is typed',
        querystring: LocationTipsQuery,
        response: { 200: EnvelopeOf(LocationTips) },
      },
    },
    async (request) => ok(await locations.tips(request.query)),
  );

  app.get(
    `${base}/staticmap`,
    {
      schema: {
        tags,
        summary: 'A picture of the map around a point (zoom, size "width*height"), with a marker at the centre',
        querystring: LocationStaticMapQuery,
        response: { 200: EnvelopeOf(LocationStaticMap) },
      },
    },
    async (request) => ok(await locations.staticMap(request.query)),
  );
}
