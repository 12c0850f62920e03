/** swagger-ui-dist ships no types; these are the options the explorer uses (see Swagger UI's configuration docs). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec?: Record<string, unknown>;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    deepLinking?: boolean;
    persistAuthorization?: boolean;
    tryItOutEnabled?: boolean;
    displayRequestDuration?: boolean;
  }

  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}
