import { MessagePattern } from '@nestjs/microservices';
import { contracts, type JsonSubject, type ParsedRequestOf, type ReplyOf } from '@promptlib/proto';
import { parsePayload } from '../errors/parse-payload';

/** The shape proto's contract gives the handler of subject S. */
export type Handler<S extends JsonSubject> = (request: ParsedRequestOf<S>) => Promise<ReplyOf<S>>;

/**
 * Makes a controller method the handler of a subject, with the contract proto declares for it: the
 * payload is checked against the subject's request schema before the method runs (a mismatch
 * answers VALIDATION_FAILED naming the fields), and a method that expects a field the request does
 * not carry, or answers something other than the reply, does not compile.
 */
export function Handles<S extends JsonSubject>(subject: S) {
  return (target: object, key: string | symbol, descriptor: { value?: Handler<S> }): void => {
    const handle = descriptor.value;
    if (!handle) throw new Error(`@Handles(${subject}) must decorate a method`);
    const schema = contracts[subject].request;
    descriptor.value = function (this: unknown, payload: unknown) {
      return handle.call(this, parsePayload(schema, payload) as ParsedRequestOf<S>);
    };
    MessagePattern(subject)(target, key, descriptor as TypedPropertyDescriptor<Handler<S>>);
  };
}
