import type { z } from 'zod';
import type { AllEndpoints, AnyEndpointId } from './all-endpoints';

/** What a call of an endpoint sends and answers, typed by its declaration (for the clients and the URL builder). */

type Fields<Id extends AnyEndpointId> = AllEndpoints[Id]['fields'];

/** What a call of endpoint `Id` sends: its path parameters, query fields and body, each where declared. */
export type EndpointRequest<Id extends AnyEndpointId> = (Fields<Id> extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: undefined }) &
  (Fields<Id> extends { query: infer Q extends z.ZodType } ? { query?: Partial<z.input<Q>> } : { query?: undefined }) &
  (Fields<Id> extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined });

type SuccessStatus = 200 | 201 | 202 | 204;
type AnswerData<A> = A extends { kind: 'json'; schema: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a successful call of endpoint `Id` answers: its declared JSON answer (undefined for pages, redirects, files, 204). */
export type EndpointAnswer<Id extends AnyEndpointId> = {
  [S in keyof Fields<Id>['answers'] & SuccessStatus]: AnswerData<Fields<Id>['answers'][S]>;
}[keyof Fields<Id>['answers'] & SuccessStatus];
