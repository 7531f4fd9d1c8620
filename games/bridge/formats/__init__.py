"""Bridge's file formats: PBN (``pbn_read``, ``pbn_write``), LIN (``lin``), their traveller tables
(``score_table``) and any records file by its notation (``notation``)."""
