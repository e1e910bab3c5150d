import { toApiFailure } from './api-error';

describe('toApiFailure', () => {
  it('follows the general rule: status, colon, space, body text', () => {
    const body = JSON.stringify({
      statusCode: 409,
      message: 'This username is already taken',
      code: 'USERNAME_TAKEN',
    });
    const failure = toApiFailure(409, 'Conflict', body);
    expect(failure.message).toBe(`409: ${body}`);
    expect(failure.serverMessage).toBe('This username is already taken');
    expect(failure.code).toBe('USERNAME_TAKEN');
  });

  it('uses the status text when the body is empty', () => {
    expect(toApiFailure(502, 'Bad Gateway', '')).toEqual({ status: 502, message: '502: Bad Gateway' });
  });

  it('keeps a body that is not JSON as text, with no server message', () => {
    const failure = toApiFailure(500, 'Internal Server Error', '<html>oops</html>');
    expect(failure.message).toBe('500: <html>oops</html>');
    expect(failure.serverMessage).toBeUndefined();
  });

  it('carries field messages of a 400', () => {
    const body = JSON.stringify({
      message: 'Title must be at least 3 characters long',
      fields: { title: 'x' },
    });
    expect(toApiFailure(400, 'Bad Request', body).fields).toEqual({ title: 'x' });
  });
});
