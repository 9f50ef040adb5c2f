/** Each route's card tags, aliased by the social-cards plugin (src/plugins/social-cards): none in the browser's bundle. */
declare module '@rubra/social-card-tags' {
  const tags: Readonly<Record<string, readonly { property?: string; name?: string; content: string }[] | undefined>>;
  export default tags;
}
