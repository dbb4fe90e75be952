import { msg } from '@lingui/core/macro';

/** Texts of the blog pages' heads (src/blog-entry.tsx), in the blog's catalog. */
export const BLOG_NAME = msg`Blog Atelier`;
export const BLOG_DESCRIPTION = msg`Kinh nghiệm chụp ảnh sản phẩm, thử đồ ảo và dùng AI cho shop thời trang và salon.`;
export const HOME_NAME = msg`Trang chủ`;
export const NOT_FOUND_TITLE = msg`Không tìm thấy bài viết`;
export const pageSuffix = (page: number) => msg`trang ${page}`;
export const searchTitle = (query: string) => msg`Tìm “${query}”`;
export const categoryTitle = (name: string) => msg`Chuyên mục: ${name}`;
export const tagTitle = (name: string) => msg`Thẻ: ${name}`;
