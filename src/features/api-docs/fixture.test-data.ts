/**
 * A realistic OpenAPI 3.1 document of /v1 for the tests: shaped like the one the server generates
 * from the contract (relative server `/v1`, bearer security, `$ref`s to components, a multipart
 * upload, the Idempotency-Key header, rate-limit headers, a 3.1 `webhooks` section).
 */
import type { OpenApiDocument } from './openapi.ts';

const rateLimitHeaders = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

export const FIXTURE: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Atelier API', version: '1.0.0' },
  servers: [{ url: '/v1' }],
  security: [{ bearerAuth: [] }],
  paths: {
    '/media': {
      post: {
        operationId: 'uploadMedia',
        summary: 'Upload an image or a video',
        parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or MP4' },
                  purpose: { type: 'string', enum: ['input', 'garment'], example: 'input' },
                  role: { type: 'string' },
                },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'The stored asset',
            headers: rateLimitHeaders,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Asset' } } },
          },
          '401': error('Missing or invalid token'),
        },
      },
    },
    '/generations': {
      get: {
        operationId: 'listGenerations',
        summary: 'List generations',
        parameters: [
          { name: 'feature', in: 'query', schema: { $ref: '#/components/schemas/Feature' }, example: 'virtual-tryon' },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['queued', 'processing', 'completed', 'failed', 'cancelled'] } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, example: 20 } },
        ],
        responses: {
          '200': {
            description: 'A page of generations, newest first',
            headers: rateLimitHeaders,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['items', 'next_cursor'],
                  properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Generation' } }, next_cursor: { type: ['string', 'null'] } },
                },
              },
            },
          },
        },
      },
      post: {
        operationId: 'createGeneration',
        summary: 'Create a generation',
        parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/V1GenerationRequest' } } } },
        responses: {
          '202': {
            description: 'The job, queued',
            headers: rateLimitHeaders,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Generation' } } },
          },
          '402': error('Not enough credits, or over the token’s credit cap'),
          '429': {
            description: 'Rate limit exceeded',
            headers: { ...rateLimitHeaders, 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          },
        },
      },
    },
    '/generations/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getGeneration',
        summary: 'Get a generation',
        responses: {
          '200': { description: 'The job', content: { 'application/json': { schema: { $ref: '#/components/schemas/Generation' } } } },
          '404': error('Unknown job'),
        },
      },
    },
    '/openapi.json': {
      get: { operationId: 'openapi', summary: 'This document', security: [], responses: { '200': { description: 'OpenAPI 3.1' } } },
    },
  },
  webhooks: {
    'generation.completed': {
      post: {
        operationId: 'generationEnded',
        summary: 'A generation ended',
        parameters: [
          { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' } },
        ],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } } },
        responses: { '200': { description: 'Any 2xx acknowledges the message' } },
      },
    },
  },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'atl_live_…' } },
    parameters: {
      IdempotencyKey: { name: 'Idempotency-Key', in: 'header', description: 'Kept 24 hours', schema: { type: 'string', maxLength: 200 } },
    },
    headers: {
      RateLimitPolicy: { description: 'The token’s policy', schema: { type: 'string', example: '"token";q=60;w=60' } },
      RateLimit: { description: 'Requests left and seconds until full', schema: { type: 'string', example: '"token";r=59;t=1' } },
    },
    schemas: {
      Feature: {
        type: 'string',
        enum: ['virtual-tryon', 'image-editing', 'body-generator', 'hairstyle-changer', 'image-to-video', 'upscaler-image', 'upscaler-video'],
      },
      ApiError: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, code: { type: 'string' } } },
      Asset: {
        type: 'object',
        required: ['id', 'kind', 'url'],
        properties: {
          id: { type: 'string' },
          kind: { type: 'string', enum: ['image', 'video'] },
          url: { type: 'string', format: 'uri' },
          width: { type: ['integer', 'null'] },
        },
      },
      Generation: {
        type: 'object',
        required: ['id', 'feature', 'status', 'results'],
        properties: {
          id: { type: 'string' },
          feature: { $ref: '#/components/schemas/Feature' },
          status: { type: 'string', enum: ['queued', 'processing', 'completed', 'failed', 'cancelled'] },
          results: { type: 'array', items: { $ref: '#/components/schemas/Asset' } },
          error: { anyOf: [{ $ref: '#/components/schemas/ApiError' }, { type: 'null' }] },
        },
      },
      V1GenerationRequest: {
        oneOf: [
          {
            type: 'object',
            required: ['feature', 'inputs'],
            properties: {
              feature: { const: 'image-editing' },
              inputs: { type: 'object', required: ['images'], properties: { images: { type: 'array', items: { type: 'string', example: 'ast_8f2k' } } } },
              params: { type: 'object', properties: { prompt: { type: 'string', example: 'Đổi nền thành màu be' } }, required: ['prompt'] },
              webhook_url: { type: ['string', 'null'], format: 'uri', example: 'https://shop.example/hooks/atelier' },
            },
          },
          { type: 'object', required: ['feature'], properties: { feature: { const: 'body-generator' } } },
        ],
      },
      WebhookPayload: {
        type: 'object',
        required: ['type', 'timestamp', 'data'],
        properties: {
          type: { type: 'string', enum: ['generation.completed', 'generation.failed', 'generation.cancelled'] },
          timestamp: { type: 'string', format: 'date-time' },
          data: { type: 'object', required: ['generation'], properties: { generation: { $ref: '#/components/schemas/Generation' } } },
        },
      },
    },
  },
};
