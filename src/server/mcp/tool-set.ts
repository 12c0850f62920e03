/**
 * The MCP server's tools as data, built once at start-up: each tool's JSON Schema is converted from its zod
 * shape once, and the list the server answers to tools/list is one frozen array. A request then makes only
 * a small low-level server around them (plugins/mcp-endpoint.ts) and passes its origin and caller.
 */
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

export interface McpCaller {
  /** The token the MCP client presented (header or bearer); undefined for a session or public reader. */
  token: string | undefined;
  tokenHeader: string;
  userAgent: string | undefined;
  address: string;
}

/** What a call knows of its request. */
export interface ToolContext {
  /** The origin written into Markdown and links. */
  origin: string;
  caller: McpCaller;
}

export interface McpTool {
  definition: Tool;
  call(args: unknown, context: ToolContext): CallToolResult | Promise<CallToolResult>;
}

interface ToolMeta<Shape extends z.ZodRawShape> {
  title: string;
  description: string;
  inputSchema: Shape;
  annotations: ToolAnnotations;
}

export function defineTool<Shape extends z.ZodRawShape>(
  name: string,
  meta: ToolMeta<Shape>,
  run: (args: z.infer<z.ZodObject<Shape>>, context: ToolContext) => CallToolResult | Promise<CallToolResult>,
): McpTool {
  const input = z.object(meta.inputSchema);
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(input, { io: 'input' }) as Tool['inputSchema'] & { $schema?: string };
  return {
    definition: Object.freeze({ name, title: meta.title, description: meta.description, inputSchema, annotations: meta.annotations }),
    call(args, context) {
      const parsed = input.safeParse(args ?? {});
      if (!parsed.success) return { content: [{ type: 'text', text: `Invalid arguments for ${name}: ${z.prettifyError(parsed.error)}` }], isError: true };
      return run(parsed.data, context);
    },
  };
}
