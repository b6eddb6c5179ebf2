// The typed client generated from the API's OpenAPI document arrives with the content API.
export {};
