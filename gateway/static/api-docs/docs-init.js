// Runs from a file, not inline: the Content-Security-Policy lets no inline script run.
window.addEventListener('load', () => {
  window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    // Calls made from the page carry the session cookie, as the app's own calls do.
    withCredentials: true,
    // A call tried with an API key (Authorize) goes without the cookie: the gateway refuses a
    // request that carries both, so that no request is ever read as two users.
    requestInterceptor: (request) => {
      const authorization = request.headers.Authorization ?? request.headers.authorization;
      if (typeof authorization === 'string' && authorization.startsWith('Bearer '))
        request.credentials = 'omit';
      return request;
    },
  });
});
