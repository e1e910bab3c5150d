// Runs from a file, not inline: the Content-Security-Policy lets no inline script run.
window.addEventListener('load', () => {
  window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    // Calls made from the page carry the session cookie, as the app's own calls do.
    withCredentials: true,
  });
});
